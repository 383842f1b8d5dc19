/// A node that declares where links open for the part of the chain below it: the policy of
/// its ``LinkPresenter``. Handlers only answer; the walk records every declaration it passes,
/// and when nobody takes the link (or a handler answers ``URLHandlingDecision/systemAction``)
/// the chain's end decides, once: the declaration nearest the link's origin says where, and
/// every one above it may refuse (``ChainEnd``). A long press runs the same walk dry, so a tap
/// and a preview never disagree.
///
/// A `SafariURLHandling` view controller declares its `SafariURLPresenter`'s,
/// `.presentsLinksInSafari(policy:)` its own, and the test kit's `TestViewController` its
/// `linkPresenter`.
@MainActor
package protocol LinkPresenting: AnyObject {
  /// The presenter whose policy decides where links from below open; `nil` when this node
  /// declares none now.
  var linkPresenter: LinkPresenter? { get }
}
