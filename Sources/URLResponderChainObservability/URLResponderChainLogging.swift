import URLResponderChainCore

/// How much of a URL this package's log lines show.
///
/// By default a logged URL is its scheme and host (``RedactedURL``); the path is logged as
/// private data (`<private>` in Console unless a profile reveals it); the query and fragment
/// are never logged. While debugging, an app may ask for full URLs:
///
/// ```swift
/// #if DEBUG
/// URLResponderChainLogging.logsFullURLs = true
/// #endif
/// ```
///
/// The setting only takes effect in builds of this package with `DEBUG` defined; a
/// release build of the package logs redacted URLs whatever it says.
///
/// ## Why this is global
///
/// ``logsFullURLs`` is process-wide state, on purpose (<doc:URLResponderChainObservability#Process-wide-state>).
/// The log it governs is process-wide too:
/// one subsystem, written by every walk, allowlist and inbound dispatcher, with no object
/// that all of them share to carry a setting. It is read and written under a lock, and it
/// can only ever reveal more in a debug build of the package.
public enum URLResponderChainLogging {
  /// The subsystem of every log line and signpost, for Console and Instruments filters.
  public static let subsystem = ChainLogSettings.subsystem

  /// Log full URLs (path, query and fragment) in debug builds. `false` by default.
  public static var logsFullURLs: Bool {
    get { ChainLogSettings.fullURLs.withLock { $0 } }
    set { ChainLogSettings.fullURLs.withLock { $0 = newValue } }
  }
}
