public import Foundation
public import URLResponderChainAllowlist
public import URLResponderChainCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// An allowlist served over HTTP by an endpoint the app names, cached and revalidated the
/// way HTTP caches are, fetched by one request however many checks wait.
///
/// ```swift
/// let remote = try RemoteAllowlist(configuration: configuration)
/// do {
///   switch try await remote.check(url) {
///   case .allowed: presentInApp(url)
///   case .blocked(let rule): log("blocked by \(rule)")
///   case .refused(let reason): log(reason)
///   }
/// } catch {
///   reportError(error)   // offline, timed out, …: RemoteAllowlistFailure
/// }
/// ```
///
/// - A fresh cached list (`Cache-Control: max-age`) is used without a request; a stale one
///   is revalidated with `If-None-Match` / `If-Modified-Since`; within
///   `stale-while-revalidate` it is used while a background request refreshes it; within
///   `stale-if-error` it is used when the refresh fails. `no-cache` revalidates every time,
///   `no-store` keeps nothing.
/// - One fetch at a time: checks that arrive during a fetch wait for it. A waiting check
///   that is cancelled returns ``RemoteAllowlistFailure/cancelled`` at once; the fetch goes on.
/// - Failed requests are retried as ``RetryPolicy`` says, within the fetch timeout; 4xx
///   other than 408 and 429 are not retried; 401/403 call
///   ``RemoteAllowlistConfiguration/refreshCredentials`` once.
/// - A new document replaces the current list only after every entry validated, in one step,
///   and is written atomically to the cache folder for the next launch.
/// - The list is trusted only from the configured origin over `https` (plain `http` on
///   loopback only): redirects elsewhere, responses that are not JSON, broken bodies and
///   documents failing ``RemoteAllowlistConfiguration/integrity`` fail closed, and nothing
///   from them is cached. A list fetched over `http` never replaces one fetched over `https`.
public actor RemoteAllowlist: URLVerdictProviding {
  /// The configuration this allowlist was created with.
  public nonisolated let configuration: RemoteAllowlistConfiguration
  private let transport: any AllowlistTransport
  private let now: @Sendable () -> Date
  private let random: @Sendable () -> Double
  /// What timeouts are measured and retries waited on.
  private let clock: WaitClock
  private var stored: StoredAllowlist? {
    didSet { latest.withLock { $0 = stored } }
  }
  /// `stored`, readable without the actor for ``currentAllowlist()``.
  private nonisolated let latest = LockedValue<StoredAllowlist?>(nil)
  /// Where the list is kept across launches, if the configuration names a folder.
  private let cacheFolder: AllowlistCacheFolder?
  private var hasReadCache = false
  /// The cache folder holds a list fetched over https while the endpoint is plain http.
  private var httpsListOnRecord = false
  private var headers: [String: String]
  /// The retry budget, in tenths of a token: whole numbers, so that ten successes earn back
  /// exactly one retry (ten additions of 0.1 make 0.9999999999999999, which is not one).
  private var retryBudget: RetryBudget
  private var fetch: Task<Void, Never>?
  private var waiters = FetchWaiters<Result<Allowlist, RemoteAllowlistFailure>>()

  /// The number of HTTP requests sent so far.
  public private(set) var requestCount = 0

  /// Creates a remote allowlist. Nothing is fetched until the first check.
  ///
  /// - Parameters:
  ///   - configuration: Endpoint, timeouts, limits, retry, cache folder and fallback policy.
  ///   - transport: How requests are sent; `URLSession` by default.
  /// - Throws: ``RemoteAllowlistConfigurationError`` when the endpoint is not `https` (or
  ///   `http` on loopback), has no host or carries credentials.
  public init(
    configuration: RemoteAllowlistConfiguration, transport: any AllowlistTransport = URLSessionAllowlistTransport()
  ) throws(RemoteAllowlistConfigurationError) {
    try self.init(
      configuration: configuration, transport: transport, now: { Date() }, random: { Double.random(in: 0..<1) })
  }

  init(
    configuration: RemoteAllowlistConfiguration, transport: any AllowlistTransport,
    now: @escaping @Sendable () -> Date, random: @escaping @Sendable () -> Double,
    clock: some Clock<Duration> = ContinuousClock()
  ) throws(RemoteAllowlistConfigurationError) {
    try AllowlistEndpointPolicy.validate(configuration.endpoint)
    self.configuration = configuration
    self.transport = transport
    self.now = now
    self.random = random
    self.clock = WaitClock(clock)
    self.headers = configuration.headers
    self.retryBudget = RetryBudget(tokens: configuration.retry.budget)
    self.cacheFolder = configuration.cacheDirectory.map {
      AllowlistCacheFolder(directory: $0, configuration: configuration)
    }
  }

  /// The list to check against now, fetching it (once, shared between callers) only when the
  /// cache says so.
  ///
  /// - Throws: ``RemoteAllowlistFailure`` when no valid list could be had.
  public func loadAllowlist() async throws(RemoteAllowlistFailure) -> Allowlist {
    try await listOrFailure().get()
  }

  private func listOrFailure() async -> Result<Allowlist, RemoteAllowlistFailure> {
    readCacheOnce()
    if let stored {
      switch stored.freshness(at: now()) {
      case .fresh:
        return .success(stored.allowlist)
      case .staleWhileRevalidating:
        startFetchIfNeeded()
        return .success(stored.allowlist)
      case .stale:
        break
      }
    }
    return await waitForFetch()
  }

  /// The list a check would use right now without waiting: the stored list while it is fresh
  /// or may be served stale while it is revalidated, else the baseline list when the
  /// configuration fails closed to one, else `nil`.
  ///
  /// It never fetches and never blocks on the actor, so synchronous UI (a link's long-press
  /// preview) can use it; `nil` means "not known yet", which such callers treat as not allowed.
  public nonisolated func currentAllowlist() -> Allowlist? {
    if let stored = latest.withLock({ $0 }) {
      switch stored.freshness(at: now()) {
      case .fresh, .staleWhileRevalidating: return stored.allowlist
      case .stale: break
      }
    }
    if case .failClosed(let baseline?) = configuration.whenUnavailable { return baseline }
    return nil
  }

  /// The verdict of the list held now, without waiting: what ``currentAllowlist()`` says, or
  /// refused while no list is known.
  public nonisolated func verdict(for url: EligibleURL) -> URLVerdict {
    currentAllowlist()?.verdict(for: url) ?? .refused(reason: "the remote allowlist has no list yet")
  }

  /// Checks one URL against the current list, fetching it first when the cache says so.
  ///
  /// - Returns: The verdict of the list, or of the baseline list when no valid list could be
  ///   had and the configuration fails closed to one.
  /// - Throws: ``RemoteAllowlistFailure`` when no valid list could be had and there is no
  ///   baseline; ``RemoteAllowlistConfiguration/whenUnavailable`` says what the gate does then.
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

  // MARK: - Single flight

  private func waitForFetch() async -> Result<Allowlist, RemoteAllowlistFailure> {
    if Task.isCancelled { return .failure(.cancelled) }
    let id = waiters.reserveID()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        waiters.add(continuation, id: id)
        startFetchIfNeeded()
      }
    } onCancel: {
      Task { await self.cancelWaiter(id) }
    }
  }

  private func cancelWaiter(_ id: Int) {
    waiters.resume(id: id, with: .failure(.cancelled))
  }

  private func startFetchIfNeeded() {
    guard fetch == nil else { return }
    fetch = Task { await self.runFetch() }
  }

  private func runFetch() async {
    let interval =
      ChainLog.allowlist.isSignposting
      ? ChainLog.allowlist.beginInterval("allowlist fetch", id: self, URLRedaction(configuration.endpoint).description)
      : nil
    let result = await fetchWithRetries()
    fetch = nil
    if let interval {
      ChainLog.allowlist.endInterval("allowlist fetch", interval, result.signpostDescription)
    }
    switch result {
    case .success(let fetched):
      ChainLog.allowlist.debug("allowlist fetched:", url: configuration.endpoint, " (\(fetched.allowlist.count) rules)")
    case .failure(let failure):
      ChainLog.allowlist.log(.error, "allowlist fetch failed: \(failure)")
    }
    let answer: Result<Allowlist, RemoteAllowlistFailure>
    switch result {
    case .success(let fetched) where httpsListOnRecord:
      // HSTS-like: the cache folder's list came over https; one fetched over http never replaces it.
      let failure = RemoteAllowlistFailure.downgradeRefused(
        "the cache folder holds a list fetched over https; a list fetched over http never replaces it"
          + " (\(fetched.allowlist.count) rules not adopted)")
      configuration.log("\(failure)")
      answer = .failure(failure)
    case .success(let fetched):
      answer = .success(fetched.allowlist)
      if fetched.response.directives.noStore {
        stored = nil
      } else {
        stored = fetched
        cacheFolder?.write(fetched)
      }
    case .failure(let failure):
      switch stored?.freshness(at: now()) {
      case .fresh?, .staleWhileRevalidating?:
        answer = .success(stored!.allowlist)  // a background refresh failed; the list is still good
      case .stale(usableOnError: true)?:
        configuration.log("serving the stale allowlist within stale-if-error: \(failure)")
        answer = .success(stored!.allowlist)
      case .stale(usableOnError: false)?, nil:
        answer = .failure(failure)
      }
    }
    waiters.resumeAll(with: answer)
  }

  /// Waits for the fetch in flight, if any: above all a `stale-while-revalidate` refresh
  /// running in the background. It ends within the fetch timeout.
  ///
  /// A process about to exit calls this, so that the refreshed list reaches the cache folder
  /// and the next launch starts with it instead of revalidating the old one again.
  ///
  /// ```swift
  /// let verdict = await remote.check(url)
  /// await remote.finishPendingFetch()   // before exit(0)
  /// ```
  public func finishPendingFetch() async {
    await fetch?.value
  }

  // MARK: - Fetching

  private func fetchWithRetries() async -> Result<StoredAllowlist, RemoteAllowlistFailure> {
    let deadline = clock.elapsed() + configuration.fetchTimeout
    var attempt = 0
    var refreshedCredentials = false
    if let credentials = configuration.credentials { headers.merge(await credentials()) { $1 } }
    // When the fetch's deadline cuts a retry short, the failure that caused the retry is the one
    // worth reporting: a refused connection stays "unreachable" on a slow machine.
    var lastFailure: RemoteAllowlistFailure?
    while true {
      attempt += 1
      let remaining = deadline - clock.elapsed()
      guard remaining > .zero else { return .failure(lastFailure ?? .timedOut) }
      let cutByDeadline = remaining < configuration.requestTimeout
      let (outcome, retryAfter) = await attemptFetch(timeout: min(configuration.requestTimeout, remaining))
      switch outcome {
      case .failure(.timedOut) where cutByDeadline && lastFailure != nil:
        return .failure(lastFailure ?? .timedOut)
      case .success:
        retryBudget.earnForSuccess()
        return outcome
      case .failure(.notAuthenticated) where !refreshedCredentials && configuration.refreshCredentials != nil:
        refreshedCredentials = true
        guard let fresh = await configuration.refreshCredentials?() else { return outcome }
        headers.merge(fresh) { $1 }
        attempt -= 1
        continue
      case .failure(let failure):
        lastFailure = failure
        guard failure.isRetryable, attempt < configuration.retry.maximumAttempts else { return outcome }
        let delay = retryAfter ?? configuration.retry.delay(beforeRetry: attempt, random: random())
        guard clock.elapsed() + delay < deadline, retryBudget.spendForRetry() else { return outcome }
        configuration.log("allowlist fetch failed (\(failure)); retrying in \(delay)")
        do {
          try await clock.sleep(delay)
        } catch {
          return .failure(.cancelled)
        }
      }
    }
  }

  private func attemptFetch(timeout: Duration) async -> (Result<StoredAllowlist, RemoteAllowlistFailure>, Duration?) {
    let (request, sentValidator) = AllowlistExchange.request(
      to: configuration.endpoint, headers: headers, stored: stored)
    let requestTime = now()
    switch await sendFollowingSameOriginRedirects(request, timeout: timeout) {
    case .success(let exchange):
      let (outcome, retryAfter) = AllowlistExchange.read(
        exchange, stored: stored, sentValidator: sentValidator, configuration: configuration,
        requestTime: requestTime, responseTime: now())
      return (outcome, retryAfter)
    case .failure(let failure):
      return (.failure(failure), nil)
    }
  }

  /// Sends `request`, following redirects only as ``AllowlistRedirectPolicy`` allows, all
  /// within `timeout`. A refused redirect fails the fetch before anything from its target is read.
  private func sendFollowingSameOriginRedirects(_ request: URLRequest, timeout: Duration) async
    -> Result<HTTPExchange, RemoteAllowlistFailure>
  {
    let policy = AllowlistRedirectPolicy(endpoint: configuration.endpoint)
    let deadline = clock.elapsed() + timeout
    var request = request
    var hops = 0
    while true {
      let remaining = deadline - clock.elapsed()
      guard remaining > .zero else { return .failure(.timedOut) }
      requestCount += 1
      let exchange: HTTPExchange
      do {
        exchange = try await transport.send(request, byteLimit: configuration.byteLimit, timeout: remaining)
      } catch {
        return .failure(error)
      }
      guard [301, 302, 303, 307, 308].contains(exchange.status) else { return .success(exchange) }
      switch policy.decide(
        location: exchange.headers["location"], from: request.url ?? configuration.endpoint, hops: hops)
      {
      case .follow(let target):
        ChainLog.allowlist.log(.info, "following a same-origin allowlist redirect (HTTP \(exchange.status))")
        request.url = target
        hops += 1
      case .refuse(let reason):
        configuration.log("refusing the allowlist redirect: \(reason)")
        return .failure(.redirectRefused(reason))
      }
    }
  }

  // MARK: - Persistence

  private func readCacheOnce() {
    guard !hasReadCache else { return }
    hasReadCache = true
    guard stored == nil, let cacheFolder else { return }
    httpsListOnRecord = cacheFolder.refusesPlainHTTPLists()
    stored = cacheFolder.read()
  }
}

extension Result<StoredAllowlist, RemoteAllowlistFailure> {
  fileprivate var signpostDescription: String {
    switch self {
    case .success: "fetched"
    case .failure(let failure): "failed: \(failure)"
    }
  }
}
