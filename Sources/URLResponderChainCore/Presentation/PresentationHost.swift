/// Something that can present a view controller modally: `UIViewController` in apps,
/// `TestViewController` in tests. The presentation decisions are made against this protocol
/// so they can be tested without UIKit.
///
/// ## What conformers must guarantee
///
/// ``presentedHost`` is the view controller this one presents modally, if any, and
/// ``isBeingDismissed`` is true while a dismissal of this one is in progress, as UIKit's
/// properties of the same meaning.
@MainActor
public protocol PresentationHost: AnyObject {
  /// The host this one presents modally (`presentedViewController`).
  var presentedHost: (any PresentationHost)? { get }
  /// Whether this host is being dismissed right now.
  var isBeingDismissed: Bool { get }
}

extension PresentationHost {
  /// Where a new modal presentation must start: the top-most presented host above this one
  /// that is not being dismissed. `nil` when this host itself is being dismissed.
  ///
  /// Presenting from a view controller that already presents something fails in UIKit, and
  /// presenting from one that is going away loses the presentation; this picks the one
  /// host that works.
  public var topmostPresentationHost: (any PresentationHost)? {
    guard !isBeingDismissed else { return nil }
    var host: any PresentationHost = self
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
    while let presented = host.presentedHost, !presented.isBeingDismissed,
      seen.insert(ObjectIdentifier(presented)).inserted
    {
      host = presented
    }
    return host
  }
}
