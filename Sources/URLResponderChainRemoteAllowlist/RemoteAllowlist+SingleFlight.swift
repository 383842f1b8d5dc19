import Foundation
import URLResponderChainAllowlist
import URLResponderChainCore

/// One fetch at a time: every caller that needs the network waits on the same fetch, and
/// its answer (the new list, the cached one, or the failure) is handed to all of them.
///
/// A fetch that gives no list starts an outage (``OutageBackoff``): a list `stale-if-error`
/// allows is served at once from then on, and the server is asked again in the background
/// after a growing, jittered window, until a revalidation succeeds.
extension RemoteAllowlist {
  /// Waits for the fetch in flight, starting one if none is.
  ///
  /// - Parameter stale: A list `stale-if-error` allows: after ``RefreshPolicy/patience``
  ///   without an answer the caller gets it, and the fetch goes on without it.
  func waitForFetch(servingAfterPatience stale: Allowlist? = nil) async -> Result<Allowlist, RemoteAllowlistFailure> {
    if Task.isCancelled { return .failure(.cancelled) }
    let id = waiters.reserveID()
    return await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        waiters.add(continuation, id: id)
        startFetchIfNeeded()
        if let stale { startPatienceTimer(for: id, serving: stale) }
      }
    } onCancel: {
      Task { await self.cancelWaiter(id) }
    }
  }

  private func cancelWaiter(_ id: Int) {
    waiters.resume(id: id, with: .failure(.cancelled))
    patienceTimers.removeValue(forKey: id)?.cancel()
  }

  private func startPatienceTimer(for id: Int, serving stale: Allowlist) {
    patienceTimers[id] = Task { [clock, patience = configuration.refresh.patience] in
      do {
        try await clock.sleep(patience)
      } catch {
        return  // the fetch answered first
      }
      self.patienceRanOut(for: id, serving: stale)
    }
  }

  /// The revalidation took longer than a tap waits: it is served the list `stale-if-error`
  /// allows (RFC 5861 §4: a gateway that gives up on a slow origin answers with an error), and
  /// the taps after it are too, without waiting, until the fetch ends.
  private func patienceRanOut(for id: Int, serving stale: Allowlist) {
    guard patienceTimers.removeValue(forKey: id) != nil else { return }
    configuration.log(
      "serving the stale allowlist within stale-if-error: no answer within \(configuration.refresh.patience.spokenDescription)"
    )
    if outage == nil { outage = OutageBackoff(failures: 0, retryAt: clock.elapsed()) }
    waiters.resume(id: id, with: .success(stale))
  }

  /// Starts a fetch that no caller waits for, unless one runs or the outage's back-off has
  /// not passed yet.
  func revalidateInBackground() {
    if let outage, clock.elapsed() < outage.retryAt { return }
    startFetchIfNeeded()
  }

  func startFetchIfNeeded() {
    guard fetch == nil else { return }
    fetch = Task { await self.runFetch() }
  }

  private func runFetch() async {
    let interval =
      ChainLog.allowlist.isSignposting
      ? ChainLog.allowlist.beginInterval("allowlist fetch", id: self, URLRedaction(configuration.endpoint).description)
      : nil
    let (result, retryAfter) = await fetchWithRetries()
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
      outage = nil
      if fetched.response.directives.noStore {
        // §5.2.2.5: not kept, in memory or on disk; the copy a relaunch would use goes too.
        stored = nil
        cacheFolder?.remove()
      } else {
        stored = fetched
        cacheFolder?.write(fetched)
      }
    case .failure(let failure):
      startOutageBackoff(retryAfter: retryAfter)
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
    for timer in patienceTimers.values { timer.cancel() }
    patienceTimers = [:]
    waiters.resumeAll(with: answer)
  }

  /// Counts a failed revalidation and sets when the next may start: after the back-off window,
  /// and never before the `Retry-After` the server named.
  private func startOutageBackoff(retryAfter: Duration?) {
    let failures = (outage?.failures ?? 0) + 1
    let window = configuration.refresh.outageWindow(afterFailures: failures, random: random())
    outage = OutageBackoff(failures: failures, retryAt: clock.elapsed() + max(window, retryAfter ?? .zero))
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
