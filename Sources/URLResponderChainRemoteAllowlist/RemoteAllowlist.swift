public import Foundation
public import URLResponderChainAllowlist
import URLResponderChainCore

/// An allowlist served over HTTP by an endpoint the app names, cached and revalidated the
/// way HTTP caches are, fetched by one request however many checks wait.
///
/// Declare it once, in the policy the chain's end asks: a tap waits for the list (with
/// recovery prompts when it cannot be had), what it allows is shown in-app, what a deny rule
/// matches opens nowhere, and with no valid list the policy fails closed.
///
/// ```swift
/// extension RemoteAllowlist {
///   static let app = try! RemoteAllowlist(
///     configuration: RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!))
/// }
///
/// final class TopicViewController: UIViewController, SafariURLHandling, AlertPresentingErrorHandler {
///   let safariPresenter = SafariURLPresenter(policy: LinkPolicy(inApp: RemoteAllowlist.app))
/// }
/// ```
///
/// `check(_:)` answers for one URL outside the chain (a tool, a test); a handler that
/// presents by its verdict bypasses the policy, and one that passes a link on when the check
/// throws fails open.
///
/// - A fresh cached list (`Cache-Control: max-age`) is used without a request; a stale one
///   is revalidated with `If-None-Match` / `If-Modified-Since`; within
///   `stale-while-revalidate` it is used while a background request refreshes it; within
///   `stale-if-error` it is used when the refresh fails. `no-cache` revalidates every time,
///   `must-revalidate` never uses a stale list (neither window applies with it or with
///   `no-cache`), `no-store` keeps nothing and removes the copy kept for the next launch.
/// - One fetch at a time: checks that arrive during a fetch wait for it. A waiting check
///   that is cancelled returns ``RemoteAllowlistFailure/cancelled`` at once; the fetch goes on.
/// - Failed requests are retried (3 attempts at most, after up to 200 ms then up to 400 ms,
///   from a budget of 10 retries that earns one back a minute), within the fetch timeout;
///   4xx other than 408 and 429 are not retried; 401/403 call
///   ``RemoteAllowlistConfiguration/refreshCredentials`` once.
/// - Fresh before the tap: the list refreshes itself when the app becomes active (after up to
///   30 s, at random) and when it goes stale while the app stays active
///   (``RemoteAllowlistConfiguration/refreshesWhenActive``). Its requests share one connection.
/// - An outage costs one wait: a tap with a list `stale-if-error` allows waits at most 2 s;
///   after a failed revalidation that list is served at once, and the server is asked again
///   in the background after a growing, jittered back-off, never before its `Retry-After`.
/// - A new document replaces the current list only after every entry validated, in one step,
///   and is written atomically to the cache folder for the next launch (the app's caches
///   folder unless ``RemoteAllowlistConfiguration/cacheLocation`` says otherwise).
/// - The list is trusted only from the configured origin over `https` (plain `http` on
///   loopback only): redirects elsewhere, responses that are not JSON, broken bodies and
///   documents failing ``RemoteAllowlistConfiguration/integrity`` fail closed, and nothing
///   from them is cached. A list fetched over `http` never replaces one fetched over `https`.
public actor RemoteAllowlist: URLVerdictProviding {
  /// The configuration this allowlist was created with.
  public nonisolated let configuration: RemoteAllowlistConfiguration
  let transport: any AllowlistTransport
  let now: @Sendable () -> Date
  let random: @Sendable () -> Double
  /// What timeouts are measured and retries waited on.
  let clock: WaitClock
  var stored: StoredAllowlist? {
    didSet { held.withLock { $0.stored = stored } }
  }
  /// Set while the server has not given a list at the last revalidation: a list
  /// `stale-if-error` allows is then served at once, and the next revalidation waits.
  var outage: OutageBackoff? {
    didSet { held.withLock { $0.servesStaleOnError = outage != nil } }
  }
  /// What ``currentAllowlist()`` reads without the actor: `stored`, and whether `outage` is set.
  private nonisolated let held = LockedValue(HeldList())
  /// Keeps the list fresh while the app is active (``appDidBecomeActive()``).
  var refresher: Task<Void, Never>?
  /// Tells the list when the app becomes active and stops being, where the platform says so.
  private nonisolated let activity = AppActivityObservation()
  /// The waits of taps that may be served the stale list after ``RefreshPolicy/patience``.
  var patienceTimers: [Int: Task<Void, Never>] = [:]
  /// Where the list is kept across launches, unless the configuration keeps it in memory.
  let cacheFolder: AllowlistCacheFolder?
  private var hasReadCache = false
  /// The cache folder holds a list fetched over https while the endpoint is plain http.
  var httpsListOnRecord = false
  var headers: [String: String]
  /// The retry budget, in tenths of a token: whole numbers, so that ten successes earn back
  /// exactly one retry (ten additions of 0.1 make 0.9999999999999999, which is not one).
  var retryBudget: RetryBudget
  /// The fetch in flight, if any; its outcome says whether the server gave a list.
  var fetch: Task<Void, Never>?
  var waiters = FetchWaiters<Result<Allowlist, RemoteAllowlistFailure>>()

  /// The number of HTTP requests sent so far.
  public internal(set) var requestCount = 0

  /// Creates a remote allowlist. Nothing is fetched until the first check.
  ///
  /// - Parameters:
  /// - Parameter configuration: Endpoint, timeouts, limits, cache folder and fallback policy.
  /// - Throws: ``RemoteAllowlistConfigurationError`` when the endpoint is not `https` (or
  ///   `http` on loopback), has no host or carries credentials.
  public init(configuration: RemoteAllowlistConfiguration) throws(RemoteAllowlistConfigurationError) {
    try self.init(
      configuration: configuration, transport: URLSessionAllowlistTransport(),
      appCaches: RemoteAllowlistConfiguration.CacheLocation.appCaches, activityNotifications: .platform)
  }

  /// A remote allowlist whose requests go through `transport`, for the test kit and the tests.
  ///
  /// - Parameters:
  ///   - now: The wall clock the cache's ages are read on.
  ///   - random: A number in `0..<1` for each jittered wait.
  ///   - clock: What timeouts, back-offs and refreshes wait on.
  ///   - appCaches: What ``RemoteAllowlistConfiguration/CacheLocation/cachesFolder`` stands
  ///     for; `nil` keeps a list so configured in memory only, so tests share no folder.
  ///   - activityNotifications: The notifications that say the app became active and is about
  ///     to stop being, when ``RemoteAllowlistConfiguration/refreshesWhenActive`` is on.
  package init(
    configuration: RemoteAllowlistConfiguration, transport: any AllowlistTransport,
    now: @escaping @Sendable () -> Date = { Date() },
    random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) },
    clock: some Clock<Duration> = ContinuousClock(), appCaches: URL? = nil,
    activityNotifications: AppActivityNotifications? = nil
  ) throws(RemoteAllowlistConfigurationError) {
    try AllowlistEndpointPolicy.validate(configuration.endpoint)
    self.configuration = configuration
    self.transport = transport
    self.now = now
    self.random = random
    self.clock = WaitClock(clock)
    self.headers = configuration.headers
    self.retryBudget = RetryBudget(
      tokens: configuration.retry.budget, refillInterval: configuration.retry.budgetRefillInterval)
    self.cacheFolder = configuration.cacheLocation.folder(for: configuration.endpoint, appCaches: appCaches).map {
      AllowlistCacheFolder(directory: $0, configuration: configuration)
    }
    if configuration.refreshesWhenActive, let activityNotifications {
      activity.start(activityNotifications) { [weak self] isActive in
        Task {
          if isActive { await self?.appDidBecomeActive() } else { await self?.appWillResignActive() }
        }
      }
    }
  }

  // The refresher and the patience timers hold the list weakly or not at all: stop them with it.
  deinit {
    refresher?.cancel()
    for timer in patienceTimers.values { timer.cancel() }
  }

  /// The list to check against now, fetching it (once, shared between callers) only when the
  /// cache says so.
  ///
  /// - Throws: ``RemoteAllowlistFailure`` when no valid list could be had.
  public func loadAllowlist() async throws(RemoteAllowlistFailure) -> Allowlist {
    try await listOrFailure().get()
  }

  /// The list a check uses: at once when HTTP allows it, else after a revalidation (or, when
  /// `stale-if-error` allows the stored list, after at most the patience).
  private func listOrFailure() async -> Result<Allowlist, RemoteAllowlistFailure> {
    readCacheOnce()
    guard let stored else { return await waitForFetch() }
    switch stored.freshness(at: now()) {
    case .fresh:
      return .success(stored.allowlist)
    case .staleWhileRevalidating:
      revalidateInBackground()
      return .success(stored.allowlist)
    case .stale(usableOnError: true) where outage != nil:
      // The server did not give a list last time: one wait per outage, not one per tap.
      revalidateInBackground()
      return .success(stored.allowlist)
    case .stale(usableOnError: true):
      return await waitForFetch(servingAfterPatience: stored.allowlist)
    case .stale(usableOnError: false):
      return await waitForFetch()
    }
  }

  /// The list a check would use right now without waiting: the stored list while it is
  /// fresh, may be served stale while it is revalidated, or is served because the last
  /// revalidation failed within `stale-if-error`; else the baseline list when the
  /// configuration fails closed to one; else `nil`.
  ///
  /// It never fetches and never blocks on the actor, so synchronous UI (a link's long-press
  /// preview) can use it: a preview uses what a tap would use right now, never more. `nil`
  /// means "not known yet" (no list, or one a tap would revalidate first), which such callers
  /// treat as not allowed.
  ///
  /// ```swift
  /// let list = try RemoteAllowlist(configuration: configuration)
  /// print(list.currentAllowlist() == nil)  // true: nothing fetched yet
  /// ```
  public nonisolated func currentAllowlist() -> Allowlist? {
    let held = held.withLock { $0 }
    if let stored = held.stored {
      switch stored.freshness(at: now()) {
      case .fresh, .staleWhileRevalidating: return stored.allowlist
      case .stale(usableOnError: true) where held.servesStaleOnError: return stored.allowlist
      case .stale: break
      }
    }
    if case .failClosed(let baseline?) = configuration.whenUnavailable { return baseline }
    return nil
  }

  /// The verdict of the list held now, without waiting: what ``currentAllowlist()`` says, or
  /// refused while no list is known.
  public nonisolated func verdict(for url: URL) -> URLVerdict {
    currentAllowlist()?.verdict(for: url) ?? .notAllowed(reason: "the remote allowlist has no list yet")
  }

  /// Checks one URL against the current list, fetching it first when the cache says so.
  ///
  /// - Returns: The verdict of the list, or of the baseline list when no valid list could be
  ///   had and the configuration fails closed to one.
  /// - Throws: ``RemoteAllowlistFailure`` when no valid list could be had and there is no
  ///   baseline; ``RemoteAllowlistConfiguration/whenUnavailable`` says what the app's `LinkPolicy(inApp:)` does then.
  public func check(_ url: URL) async throws(RemoteAllowlistFailure) -> URLVerdict {
    try await check { $0.verdict(for: url) }
  }

  /// Checks one URL string against the current list; see ``check(_:)-(URL)``.
  public func check(_ string: String) async throws(RemoteAllowlistFailure) -> URLVerdict {
    try await check { $0.verdict(for: string) }
  }

  /// Judges with the current list, or with the baseline list when failing closed to one.
  private func check(_ judge: (Allowlist) -> URLVerdict) async throws(RemoteAllowlistFailure) -> URLVerdict {
    switch await listOrFailure() {
    case .success(let list):
      return judge(list)
    case .failure(let failure):
      if case .failClosed(let baseline?) = configuration.whenUnavailable { return judge(baseline) }
      throw failure
    }
  }

  /// Waits for the fetch in flight, if any: above all a `stale-while-revalidate` refresh
  /// running in the background. It ends within the fetch timeout.
  ///
  /// A process about to exit calls this, so that the refreshed list reaches the cache folder
  /// and the next launch starts with it instead of revalidating the old one again.
  ///
  /// ```swift
  /// print(try await remote.check(url))
  /// await remote.finishPendingFetch()   // before exit(0)
  /// ```
  public func finishPendingFetch() async {
    await fetch?.value
  }

  // MARK: - Persistence

  func readCacheOnce() {
    guard !hasReadCache else { return }
    hasReadCache = true
    guard stored == nil, let cacheFolder else { return }
    httpsListOnRecord = cacheFolder.refusesPlainHTTPLists()
    stored = cacheFolder.read()
  }
}

/// What ``RemoteAllowlist/currentAllowlist()`` reads without the actor.
private struct HeldList: Sendable {
  var stored: StoredAllowlist?
  /// The last revalidation gave no list, so a list `stale-if-error` allows is served at once.
  var servesStaleOnError = false
}
