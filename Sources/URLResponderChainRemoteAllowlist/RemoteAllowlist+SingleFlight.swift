import Foundation
import URLResponderChainAllowlist
import URLResponderChainCore

/// One fetch at a time: every caller that needs the network waits on the same fetch, and
/// its answer (the new list, the cached one, or the failure) is handed to all of them.
extension RemoteAllowlist {
  func waitForFetch() async -> Result<Allowlist, RemoteAllowlistFailure> {
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

  func startFetchIfNeeded() {
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
        // §5.2.2.5: not kept, in memory or on disk; the copy a relaunch would use goes too.
        stored = nil
        cacheFolder?.remove()
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
}

extension Result<StoredAllowlist, RemoteAllowlistFailure> {
  fileprivate var signpostDescription: String {
    switch self {
    case .success: "fetched"
    case .failure(let failure): "failed: \(failure)"
    }
  }
}
