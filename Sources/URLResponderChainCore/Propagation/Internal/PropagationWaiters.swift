#if DEBUG
  /// How a caller of the async `propagateURL` waits for the walk: checked in debug builds, so
  /// that a waiter the walk loses is reported ("leaked its continuation") rather than a
  /// silent hang, and resumed twice stops the test; unchecked in release builds, where the
  /// walk's tests have shown it resumes each exactly once.
  typealias WalkContinuation = CheckedContinuation<URLPropagationResult, Never>
#else
  typealias WalkContinuation = UnsafeContinuation<URLPropagationResult, Never>
#endif

/// Waits for the walk through a ``WalkContinuation``.
@inline(__always)
func withWalkContinuation(
  isolation: isolated (any Actor)? = #isolation, _ body: (WalkContinuation) -> Void
) async -> URLPropagationResult {
  #if DEBUG
    await withCheckedContinuation(isolation: isolation, body)
  #else
    await withUnsafeContinuation(isolation: isolation, body)
  #endif
}

/// Who is waiting for a walk's result: the caller that started it and any that joined.
///
/// The first waiter is stored inline, so a propagation nobody joins allocates nothing here.
struct PropagationWaiters {
  enum Waiter {
    case continuation(WalkContinuation)
    case completion(@MainActor @Sendable (URLPropagationResult) -> Void)
    /// The async caller that started the walk and has no continuation yet: it reads the
    /// walk's result if the walk finished synchronously, and otherwise replaces this waiter
    /// with a continuation before anything else can run on the main actor.
    case returning
  }

  private var first: (token: Int, waiter: Waiter)?
  private var others: [(token: Int, waiter: Waiter)] = []
  private var nextToken = 0

  var isEmpty: Bool { first == nil && others.isEmpty }

  /// A token for a waiter about to be added, so a cancellation handler can name it first.
  mutating func reserveToken() -> Int {
    nextToken += 1
    return nextToken
  }

  mutating func add(_ waiter: Waiter, token: Int) {
    if first == nil {
      first = (token, waiter)
    } else {
      others.append((token, waiter))
    }
  }

  /// Puts `waiter` in place of the one attached under `token`.
  ///
  /// The token must name an attached waiter: a replacement that found none would leave
  /// `waiter` (a continuation) never resumed.
  ///
  /// - Returns: Whether one was attached.
  mutating func replace(token: Int, with waiter: Waiter) -> Bool {
    if first?.token == token {
      first = (token, waiter)
    } else if let index = others.firstIndex(where: { $0.token == token }) {
      others[index].waiter = waiter
    } else {
      return false
    }
    return true
  }

  /// Removes the waiter attached under `token`.
  ///
  /// - Returns: The waiter, or `nil` when it was removed already (a propagation cancelled
  ///   twice). A token this list never handed out is a programming error.
  @inline(__always)
  mutating func remove(token: Int) -> Waiter? {
    assert((1...nextToken).contains(token), "token \(token) was never reserved")
    if let first, first.token == token {
      self.first = nil
      return first.waiter
    }
    guard let index = others.firstIndex(where: { $0.token == token }) else { return nil }
    return others.remove(at: index).waiter
  }

  /// Removes every waiter and returns them, the inline one first.
  mutating func removeAll() -> [(token: Int, waiter: Waiter)] {
    defer {
      first = nil
      others = []
    }
    guard let first else { return others }
    return [first] + others
  }

  /// Removes and returns the only waiter, when there is exactly one (the common case),
  /// without building an array.
  mutating func removeSole() -> Waiter? {
    guard others.isEmpty, let first else { return nil }
    self.first = nil
    return first.waiter
  }
}

extension PropagationWaiters.Waiter {
  @MainActor
  func resume(with result: URLPropagationResult) {
    switch self {
    case .continuation(let continuation): continuation.resume(returning: result)
    case .completion(let completion): completion(result)
    case .returning: break
    }
  }
}
