public import Foundation
public import URLResponderChainAllowlist
import URLResponderChainCore

/// How a ``RemoteAllowlist`` fetches, caches and falls back.
///
/// ```swift
/// var configuration = RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!)
/// configuration.whenUnavailable = .failClosed(baseline: try Allowlist(allow: ["example.com"]))
/// ```
public struct RemoteAllowlistConfiguration: Sendable {
  /// What to do when no valid list can be had (nothing cached, or the cache too stale, and the fetch failed).
  public enum UnavailablePolicy: Sendable {
    /// Refuse every URL in-app, except those a built-in baseline list the app ships allows.
    /// Never "allow everything". The default, with no baseline.
    case failClosed(baseline: Allowlist?)
    /// Let the system browser open links: the app's `LinkPolicy(inApp:)` sends them to the
    /// system, never in-app, while no list can be had. An explicit opt-in.
    case systemAction
  }

  /// The endpoint serving the allowlist document: `https`, or `http` on a loopback host only
  /// (``RemoteAllowlist/init(configuration:)`` refuses anything else). The list is
  /// accepted only from this origin; redirects elsewhere are refused.
  public var endpoint: URL
  /// Extra request headers, for example `Authorization`.
  public var headers: [String: String] = [:]
  /// Read at the start of every fetch and laid over ``headers``: the app's current credentials,
  /// for example `["Authorization": "Bearer \(token)"]` from its keychain. A fetch retried after
  /// a `SignInRequiredError` is resolved carries the credentials the sign-in stored.
  public var credentials: (@Sendable () async -> [String: String])?
  /// Called once after a 401 or 403 to get fresh headers (a refreshed token); `nil` gives up.
  public var refreshCredentials: (@Sendable () async -> [String: String]?)?
  /// The longest one request may take.
  public var requestTimeout: Duration = .seconds(10)
  /// The longest a whole fetch may take, retries and waits included.
  public var fetchTimeout: Duration = .seconds(30)
  /// The largest response body read; reading stops past it.
  public var byteLimit = Allowlist.defaultByteLimit
  /// The most entries a document may have.
  public var entryLimit = Allowlist.defaultEntryLimit
  /// How failed requests are retried.
  package var retry = RetryPolicy()
  /// Whether the list refreshes itself before taps need it: when the app becomes active (after
  /// a random delay of up to 30 s, so that a push bringing every person back at once does not
  /// reach the server as one burst) and, while the app stays active, when the list goes stale.
  /// On by default. UIKit and AppKit apps need no code; elsewhere, call
  /// ``RemoteAllowlist/appDidBecomeActive()`` and ``RemoteAllowlist/appWillResignActive()``.
  /// `false` fetches only when a check needs the list.
  public var refreshesWhenActive = true
  /// When the list refreshes on its own, how long a tap waits for it, and the back-off after
  /// a failed revalidation.
  package var refresh = RefreshPolicy()
  /// Where the last validated list is kept between launches: the app's caches folder by default.
  public var cacheLocation: CacheLocation = .cachesFolder
  /// What the document must prove beyond its origin: a pinned SHA-256 or a signature. None by default.
  public var integrity: AllowlistIntegrity = .none
  /// What to do when no valid list is available. Fails closed by default.
  public var whenUnavailable: UnavailablePolicy = .failClosed(baseline: nil)
  /// Receives one line per notable event (a corrupt cache file, a retry), for the app's log.
  public var log: @Sendable (String) -> Void = { _ in }

  /// Whether ``whenUnavailable`` lets links go on to the system browser.
  var opensInSystemWhenUnavailable: Bool {
    if case .systemAction = whenUnavailable { true } else { false }
  }

  /// Creates a configuration for `endpoint` with the defaults above.
  public init(endpoint: URL) {
    self.endpoint = endpoint
  }
}
