import URLResponderChainCore

// The iOS SDK has no Testing module; apple-typecheck compiles this target for iOS too.
#if canImport(Testing)
  import Testing
#endif

/// Makes a bug in the walk itself (a move its phases forbid) fail the test whose walk made
/// it, with its message, instead of stopping the process and every test with it
/// (`WalkBugReporting`). A walk's task inherits the test it was started from, so the issue is
/// that test's. Installed once, by what every walk test makes first: its nodes, gates and
/// arrivals.
@MainActor
enum WalkBugsFailTests {
  static func install() { _ = installed }

  private static let installed: Void = {
    #if canImport(Testing) && DEBUG
      WalkBugReporting.report = { bug in Issue.record("a bug in the walk: \(bug)") }
    #endif
  }()
}
