public import Foundation
public import URLResponderChainCore

extension RemoteAllowlistGate {
  /// Checks `url` for a handler in front of an in-app presenter (such as a SwiftUI
  /// `.presentsLinksInSafari()` enclosing it): a link the list allows is not this handler's
  /// to show, so it goes on to the presenter (`.notHandled`), which shows it where the app's
  /// `LinkPolicy` says. Every other link stops here: one a deny rule matches is discarded,
  /// one the list does not allow goes to the system browser past every in-app presenter
  /// (`.systemAction`), or is discarded under `whenRefused: .discard`.
  ///
  /// A check that fails for a reason the person can fix (offline, signed out, a server error)
  /// is reported from the link's origin, up the chain it travels, as
  /// ``decide(_:from:present:)`` reports it.
  ///
  /// - Returns: `.notHandled` for an allowed URL; `.systemAction` or `.discarded` otherwise,
  ///   and `.discarded` when the origin is gone.
  public func decide(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    await decide(url, context: context) { _ in .notHandled }
  }
}
