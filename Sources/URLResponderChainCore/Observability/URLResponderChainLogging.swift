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
/// ``logsFullURLs`` is one of the package's two deliberate pieces of process-wide mutable
/// state (the other is `RecoveryCoordinator.shared`). The log it governs is process-wide too:
/// one subsystem, written by every walk, allowlist and inbound dispatcher, with no object
/// that all of them share to carry a setting. It is read and written under a lock, and it
/// can only ever reveal more in a debug build of the package.
public enum URLResponderChainLogging {
  /// The subsystem of every log line and signpost, for Console and Instruments filters.
  public static let subsystem = "org.urlresponderchain"

  /// Log full URLs (path, query and fragment) in debug builds. `false` by default.
  public static var logsFullURLs: Bool {
    get { fullURLs.withLock { $0 } }
    set { fullURLs.withLock { $0 = newValue } }
  }

  /// Whether full URLs are logged right now: the setting, in a debug build only.
  static var showsFullURLs: Bool {
    #if DEBUG
      return logsFullURLs
    #else
      return false
    #endif
  }

  private static let fullURLs = LockedValue(false)
}
