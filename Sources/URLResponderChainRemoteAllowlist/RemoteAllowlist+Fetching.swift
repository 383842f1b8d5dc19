import Foundation
import URLResponderChainAllowlist
import URLResponderChainCore

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One fetch: attempts within the fetch timeout, retries within the budget, credentials
/// refreshed once, and redirects followed only within the endpoint's origin.
extension RemoteAllowlist {
  /// Fetches the list, retrying as ``RetryPolicy`` says.
  ///
  /// - Returns: The list or the failure, and, with a failure, the `Retry-After` the fetch had
  ///   no time to wait for: the next fetch must not start before it.
  func fetchWithRetries() async -> (Result<StoredAllowlist, RemoteAllowlistFailure>, retryAfter: Duration?) {
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
      guard remaining > .zero else { return (.failure(lastFailure ?? .timedOut), nil) }
      let cutByDeadline = remaining < configuration.requestTimeout
      let (outcome, retryAfter) = await attemptFetch(timeout: min(configuration.requestTimeout, remaining))
      switch outcome {
      case .failure(.timedOut) where cutByDeadline && lastFailure != nil:
        return (.failure(lastFailure ?? .timedOut), nil)
      case .success:
        return (outcome, nil)
      case .failure(.notAuthenticated) where !refreshedCredentials && configuration.refreshCredentials != nil:
        refreshedCredentials = true
        guard let fresh = await configuration.refreshCredentials?() else { return (outcome, nil) }
        headers.merge(fresh) { $1 }
        attempt -= 1
        continue
      case .failure(let failure):
        lastFailure = failure
        guard failure.isRetryable else { return (outcome, nil) }
        // A Retry-After this fetch has no time for is not cut short to fit: the fetch ends, and
        // the next one waits for it (`OutageBackoff`), so the server is never asked earlier.
        if let retryAfter, clock.elapsed() + retryAfter >= deadline { return (outcome, retryAfter) }
        guard attempt < configuration.retry.maximumAttempts else { return (outcome, retryAfter) }
        let delay = retryAfter ?? configuration.retry.delay(beforeRetry: attempt, random: random())
        guard clock.elapsed() + delay < deadline, retryBudget.spendForRetry(at: clock.elapsed()) else {
          return (outcome, retryAfter)
        }
        configuration.log("allowlist fetch failed (\(failure)); retrying in \(delay.spokenDescription)")
        do {
          try await clock.sleep(delay)
        } catch {
          return (.failure(.cancelled), nil)
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
}
