public import Foundation
public import URLResponderChainCore

/// An in-app browser that costs nothing to show: it counts presentations and keeps the
/// showing browser's dismissal until the person closes it (``close()``). Like UIKit, it shows
/// one browser at a time.
///
/// The test kit's `RecordingLinkEnvironment` presents a stand-in view controller (a view
/// controller, its view, their names and three recorded arrays), which costs about as much
/// as the policy's decision: a floor and a propagation that both paid it would be nearer each
/// other than the walks are.
@MainActor
public final class ShowingLinkEnvironment: LinkPresentationEnvironment {
  /// How many in-app browsers were presented.
  public private(set) var presentations = 0
  /// What the presenter asked to run when the showing browser goes away.
  private var dismissal: (@MainActor () -> Void)?

  /// Creates an environment that shows nothing yet.
  public init() {}

  /// No link has an app of its own here.
  public func openUniversalLink(_ url: URL) async -> Bool { false }

  /// Shows the browser unless one is showing.
  public func presentInAppBrowser(
    for url: InAppBrowserURL, from host: any PresentationHost, onDismiss: @escaping @MainActor () -> Void
  ) -> Bool {
    guard dismissal == nil else { return false }
    presentations += 1
    dismissal = onDismiss
    return true
  }

  /// The system opens nothing here: a link sent there ends discarded, which the benchmark sees.
  public func openInSystem(_ url: URL) async -> Bool { false }

  /// The person closes the showing browser: the presenter is told, and may show the link again.
  public func close() {
    let dismissal = self.dismissal
    self.dismissal = nil
    dismissal?()
  }
}
