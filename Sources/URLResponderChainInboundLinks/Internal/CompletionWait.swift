/// Returns when `start` calls the completion it is given, or once `limit` has passed,
/// whichever comes first; at once when `start` returns `false` (it will never call it).
///
/// A scene waits so for a transition to end (`UIWindowScene.transitionsEnded()`): a
/// transition whose window is replaced, or whose scene goes away, may never complete, and the
/// dispatcher then looks at the scene again.
///
/// ```swift
/// await waitForCompletion(atMost: .seconds(1)) { done in
///   coordinator.animate(alongsideTransition: nil) { _ in done() }
/// }
/// ```
@MainActor
package func waitForCompletion(
  atMost limit: Duration, of start: (_ completion: @escaping @MainActor () -> Void) -> Bool
) async {
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    let once = ResumeOnce(continuation)
    if !start({ once.resume() }) { once.resume() }
    Task { @MainActor in
      try? await Task.sleep(for: limit)
      once.resume()
    }
  }
}

/// Resumes a continuation once, whichever of the completion, its refusal and the limit comes
/// first. Touched on the main actor only.
@MainActor
private final class ResumeOnce {
  private var continuation: CheckedContinuation<Void, Never>?
  init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }
  func resume() {
    continuation?.resume()
    continuation = nil
  }
}
