package import Foundation
public import URLResponderChainCore

#if canImport(Testing)
  package import Testing
#endif

/// A one-shot signal a test can await instead of sleeping.
@MainActor
package final class Gate {
  package init() { WalkBugsFailTests.install() }
  package private(set) var isOpen = false
  private var waiters: [(id: Int, continuation: CheckedContinuation<Bool, Never>)] = []
  private var nextID = 0

  package func open() {
    isOpen = true
    let opened = waiters
    waiters = []
    for waiter in opened { waiter.continuation.resume(returning: true) }
  }

  /// Waits until the gate opens, or until the waiting task is cancelled: what a test's
  /// handler does while the test holds it. A test's own wait has a deadline
  /// (``opened(within:_:sourceLocation:)``).
  package func wait() async {
    _ = await opens(within: nil)
  }

  /// Whether the gate opened before `deadline` (of real time) passed and before the waiting
  /// task was cancelled.
  package func opens(within deadline: Duration?) async -> Bool {
    if isOpen { return true }
    nextID += 1
    let id = nextID
    // Each way out resumes this waiter only if it is still waiting, so exactly once.
    let timer = deadline.map { deadline in
      Task { @MainActor [weak self] in
        guard (try? await Task.sleep(for: deadline)) != nil else { return }
        self?.resume(id, opened: false)
      }
    }
    defer { timer?.cancel() }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { waiters.append((id, $0)) }
    } onCancel: {
      Task { @MainActor in self.resume(id, opened: false) }
    }
  }

  private func resume(_ id: Int, opened: Bool) {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
    waiters.remove(at: index).continuation.resume(returning: opened)
  }
}

// The iOS SDK has no Testing module; apple-typecheck compiles this target for iOS too.
#if canImport(Testing)
  extension Gate {
    /// Waits until the gate opens. When it has not within `deadline` of real time (or the test
    /// is cancelled first, by its time limit), the test fails with `what` and the wait ends:
    /// a gate that never opens fails its test with a message instead of hanging the run.
    package func opened(
      within deadline: Duration = .deadline, _ what: @autoclosure () -> String = "the gate to open",
      sourceLocation: SourceLocation = #_sourceLocation
    ) async {
      if await !opens(within: deadline) {
        Issue.record("waited \(deadline) of real time, in vain, for \(what())", sourceLocation: sourceLocation)
      }
    }
  }
#endif

/// A node with a settable successor; the test handlers below build on it. `open`, not
/// `package`, because every test target subclasses it.
@MainActor
open class Linked: ResponderChainNode {
  /// The node after this one; a test may change it.
  public var next: (any ResponderChainNode)?
  /// A node whose successor is `next`.
  public init(next: (any ResponderChainNode)? = nil) {
    self.next = next
    WalkBugsFailTests.install()
  }
  /// ``next``.
  public var nextNode: (any ResponderChainNode)? { next }
}

/// A plain node that is not a handler.
package final class Node: Linked {}

/// An `AsyncURLHandler` that answers without suspending: the walk awaits it all the same.
package final class ImmediateHandler: Linked, AsyncURLHandler {
  package let decision: URLHandlingDecision
  package private(set) var calls = 0
  package init(_ decision: URLHandlingDecision, next: (any ResponderChainNode)? = nil) {
    self.decision = decision
    super.init(next: next)
  }
  package func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    calls += 1
    return decision
  }
}

/// A handler that answers at once: a ``URLHandler``.
package final class AtOnceHandler: Linked, URLHandler {
  package var answer: @MainActor (URL, URLHandlingContext) -> URLHandlingDecision
  package private(set) var calls = 0
  package private(set) var seen: [(url: URL, hop: Int)] = []

  package init(_ decision: URLHandlingDecision, next: (any ResponderChainNode)? = nil) {
    self.answer = { _, _ in decision }
    super.init(next: next)
  }

  package func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    calls += 1
    seen.append((url, context.hop))
    return answer(url, context)
  }
}

/// A handler that defers until the test releases it, and records what it saw.
package final class DeferringHandler: Linked, AsyncURLHandler {
  package var decision: URLHandlingDecision
  package let entered = Gate()
  package let release = Gate()
  /// Open once a call has returned its decision.
  package let returned = Gate()
  package private(set) var calls = 0
  package private(set) var sawCancellation = false
  package private(set) var receivedURLs: [URL] = []
  package private(set) var contexts: [URLHandlingContext] = []

  package init(_ decision: URLHandlingDecision, next: (any ResponderChainNode)? = nil) {
    self.decision = decision
    super.init(next: next)
  }

  package func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    calls += 1
    receivedURLs.append(url)
    contexts.append(context)
    entered.open()
    let release = self.release
    await withTaskCancellationHandler {
      await release.wait()
    } onCancel: {
      Task { @MainActor in release.open() }
    }
    sawCancellation = Task.isCancelled
    // Opened as the handler returns: the test resumes only after the job that called the
    // handler has run on, so whatever the walk does with the answer has happened by then.
    returned.open()
    return decision
  }
}

/// A handler that ignores cancellation and answers only when the test says so, if ever.
package final class StubbornHandler: Linked, AsyncURLHandler {
  package let decision: URLHandlingDecision
  package let entered = Gate()
  /// Opened as a call returns its late answer: a test waiting on it resumes only after the
  /// job that called the handler ran on, so whatever the walk does with the answer has
  /// happened by then.
  package let answeredLate = Gate()
  private var continuations: [UnsafeContinuation<Void, Never>] = []
  package private(set) var calls = 0
  package private(set) var answered = 0

  /// A handler that answers `decision` when the test lets it.
  package init(_ decision: URLHandlingDecision = .handled, next: (any ResponderChainNode)? = nil) {
    self.decision = decision
    super.init(next: next)
  }

  package func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    calls += 1
    entered.open()
    await withUnsafeContinuation { continuations.append($0) }
    answered += 1
    answeredLate.open()
    return decision
  }

  /// Lets every pending call answer (late), to show the answer is ignored.
  package func answerLate() {
    for continuation in continuations { continuation.resume() }
    continuations = []
  }
}

/// Counts completion calls and lets a test await the first one.
@MainActor
package final class CompletionRecorder {
  package init() {}
  package private(set) var results: [URLPropagationResult] = []
  package private(set) var ranOnMainQueue: [Bool] = []
  private let first = Gate()

  package var completion: @MainActor @Sendable (URLPropagationResult) -> Void {
    { [self] result in
      results.append(result)
      ranOnMainQueue.append(MainQueueProbe.isOnMainQueue)
      first.open()
    }
  }

  #if canImport(Testing)
    /// The first result. When none came within `deadline` of real time (or the test was
    /// cancelled first), the test fails with a message, and the result returned is a
    /// `.cancelled` one with no trace, so that the test ends instead of hanging the run.
    package func firstResult(
      within deadline: Duration = .deadline, sourceLocation: SourceLocation = #_sourceLocation
    ) async -> URLPropagationResult {
      await first.opened(within: deadline, "the propagation's completion", sourceLocation: sourceLocation)
      if let result = results.first { return result }
      // A propagation in a cancelled task: the result's initializer is the core's own.
      return await Task {
        withUnsafeCurrentTask { $0?.cancel() }
        return await Node().propagateURL(exampleURL)
      }.value
    }
  #endif
}

package let exampleURL = URL(string: "https://example.com/article")!

/// Tells whether code runs on the main dispatch queue, the main actor's executor, without trapping.
package enum MainQueueProbe {
  private static let key: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  package static var isOnMainQueue: Bool { DispatchQueue.getSpecific(key: key) == true }
}

/// A seeded generator (SplitMix64), so that a failing random case can be replayed.
package struct SeededGenerator: RandomNumberGenerator {
  private var state: UInt64
  package init(seed: UInt64) { state = seed }
  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// An application at a chain's end that records what the walk asked it to open in the system,
/// and opens it when `opens`.
@MainActor
package final class OpeningApplication: Linked, SystemURLOpener {
  package var opens = true
  package private(set) var opened: [URL] = []
  package func openInSystem(_ url: URL) async -> Bool {
    opened.append(url)
    return opens
  }
}
