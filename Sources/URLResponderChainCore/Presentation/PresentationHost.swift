/// Something that can present a view controller modally: `UIViewController` in apps,
/// `TestViewController` in tests. The presentation decisions are made against this protocol
/// so they can be tested without UIKit.
///
/// ## What conformers must guarantee
///
/// ``presentedHost`` is the view controller this one presents modally, if any;
/// ``isBeingPresented`` and ``isBeingDismissed`` are true while a presentation or dismissal of
/// this one is in progress, as UIKit's properties of the same meaning. ``visibleChildHost`` is
/// the child a container shows (a navigation stack's top, a tab bar's selected tab).
@MainActor
public protocol PresentationHost: AnyObject {
  /// The host this one presents modally (`presentedViewController`).
  var presentedHost: (any PresentationHost)? { get }
  /// Whether this host is being presented right now. `false` unless a conformer says otherwise.
  var isBeingPresented: Bool { get }
  /// Whether this host is being dismissed right now.
  var isBeingDismissed: Bool { get }
  /// The child a container shows: `topViewController` of a navigation controller,
  /// `selectedViewController` of a tab bar controller. `nil` for other hosts (the default).
  var visibleChildHost: (any PresentationHost)? { get }
}

extension PresentationHost {
  /// Not being presented, unless the conformer says so.
  public var isBeingPresented: Bool { false }
  /// No visible child, unless the conformer is a container.
  public var visibleChildHost: (any PresentationHost)? { nil }
}

extension PresentationHost {
  /// Where a new modal presentation must start: the top-most presented host above this one
  /// that is not being dismissed. `nil` when this host itself is being dismissed.
  ///
  /// Presenting from a view controller that already presents something fails in UIKit, and
  /// presenting from one that is going away loses the presentation; this picks the one
  /// host that works.
  ///
  /// - Complexity: O(*n*), where *n* is the number of hosts presented above this one; each
  ///   read walks them again.
  public var topmostPresentationHost: (any PresentationHost)? {
    guard !isBeingDismissed else { return nil }
    var host: any PresentationHost = self
    var seen = AddressTable()
    _ = seen.insert(ObjectIdentifier(self))
    // Each host passed is kept until the walk ends: a conformer may make its hosts as they
    // are asked for, and a freed one's address, taken by the next, would read as a cycle.
    var passed = HeldNodes()
    while let presented = host.presentedHost, !presented.isBeingDismissed,
      seen.insert(ObjectIdentifier(presented))
    {
      passed.append(host)
      host = presented
    }
    return host
  }
}

extension PresentationHost {
  /// The host a new modal presentation starts from now (``topmostPresentationHost``), or `nil`
  /// when there is none or it still presents one going away (UIKit refuses to present from
  /// it until the dismissal ends). A tap presents from it, and a long press previews in-app
  /// only when there is one: one test, so the two agree.
  package var hostPresentingNow: (any PresentationHost)? {
    guard let host = topmostPresentationHost, host.presentedHost == nil else { return nil }
    return host
  }
}
