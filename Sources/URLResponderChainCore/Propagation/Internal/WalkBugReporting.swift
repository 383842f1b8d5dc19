#if DEBUG
  /// Where a debug build reports a bug in the walk itself (a move its phases forbid), when
  /// something listens: the package's tests do, so that such a bug fails the test whose walk
  /// made it, with its message, and the walk goes on as a release build's would. Nobody
  /// listening (an app's debug build), the bug stops the process, as `assert` does.
  ///
  /// Process-wide, and sound as such: it is isolated to the main actor, where every walk runs.
  @MainActor
  package enum WalkBugReporting {
    /// Called with the bug's description in place of stopping the process.
    package static var report: (@MainActor (String) -> Void)?
  }
#endif
