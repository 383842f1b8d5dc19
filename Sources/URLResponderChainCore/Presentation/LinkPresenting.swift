/// A node that declares where links open for the part of the chain below it: the policy of
/// its ``LinkPresenter``. Handlers only answer; when a walk ends with nobody taking the link,
/// or with a handler's ``URLHandlingDecision/systemAction``, the application at the chain's
/// end asks the declaration nearest the link's origin, once, and its presenter performs the
/// answer (``SystemFallback/decide(_:context:open:)``). A long press's dry run asks the same
/// declaration, so a tap and a preview never disagree.
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
