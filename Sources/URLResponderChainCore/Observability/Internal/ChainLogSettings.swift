/// What the package's log shows, set through the observability product's
/// `URLResponderChainLogging`.
package enum ChainLogSettings {
  /// The subsystem of every log line and signpost.
  package static let subsystem = "org.urlresponderchain"

  /// Whether the app asked for full URLs. Process-wide because the log is: see
  /// `URLResponderChainLogging` for why, and why it is safe.
  package static let fullURLs = LockedValue(false)

  /// Whether full URLs are logged right now: the setting, in a debug build only.
  static var showsFullURLs: Bool {
    #if DEBUG
      return fullURLs.withLock { $0 }
    #else
      return false
    #endif
  }
}
