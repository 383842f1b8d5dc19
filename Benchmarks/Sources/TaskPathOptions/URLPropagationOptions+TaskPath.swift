public import URLResponderChainCore

extension URLPropagationOptions {
  /// The options a walk runs with on a system without `Task.immediate` (iOS 16–25): once the
  /// walk stops at something to await, it goes on in a `Task {}` at the next main-actor turn.
  ///
  /// `startsImmediatelyWhereAvailable` is internal to the SDK (its tests turn it off), so this
  /// target alone is compiled without access control (Package.swift): the SDK is built as it
  /// ships, and only this one stored property is written from outside.
  public static var startingInATask: URLPropagationOptions {
    var options = URLPropagationOptions()
    options.startsImmediatelyWhereAvailable = false
    return options
  }
}
