package import URLResponderChainCore

extension URLPropagationOptions {
  /// Options whose handler timeout runs on a clock nobody moves, so it never fires: for tests
  /// that are not about the timeout, which a loaded machine must not turn into a timeout.
  /// Each call gets a clock of its own.
  package static func untimed() -> URLPropagationOptions {
    URLPropagationOptions(clock: ManualClock())
  }
}
