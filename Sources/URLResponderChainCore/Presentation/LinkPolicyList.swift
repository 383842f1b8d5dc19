package import Foundation

/// The list a ``LinkPolicy`` judges web links by (the allowlist products make one): where a
/// link goes by the list held now, and, for a list that is fetched, how a tap waits for it.
///
/// A final class of two closures, so that a policy holds its list by one reference: an
/// existential or a second closure stored in the policy would add value-witness code to the
/// product every app imports first.
package final class LinkPolicyList: Sendable {
  /// Where a web link goes by the list held now (`.inApp` for one it shows in-app, with why),
  /// judged on the link as written, so that deny rules see every spelling.
  package let destination: @Sendable (URL) -> LinkDestination
  /// Waits until the list can judge `url` for a tap, reporting any prompt from `origin`
  /// (`nil`: no prompt can be shown), and answers as ``destination`` does by that list; or
  /// where the link goes when no list can be had (nowhere, unless the app opted in to the
  /// system). `nil` for a list that is always at hand.
  package let waitsForList: (@MainActor @Sendable (URL, (any ResponderChainNode)?) async -> LinkDestination?)?
  /// Whether a list is held now that a tap would judge by; `nil` for a list always at hand.
  /// A long press asks it of a declaration above the nearest: a list it does not hold yet may
  /// block the link once fetched, so nothing is previewed in-app by its leave.
  package let holdsList: (@Sendable () -> Bool)?

  package init(
    destination: @escaping @Sendable (URL) -> LinkDestination,
    waitsForList: (@MainActor @Sendable (URL, (any ResponderChainNode)?) async -> LinkDestination?)? = nil,
    holdsList: (@Sendable () -> Bool)? = nil
  ) {
    self.destination = destination
    self.waitsForList = waitsForList
    self.holdsList = holdsList
  }
}
