package import Foundation
public import URLResponderChainCore

/// The application at the top of the test tree: the chain's end, which opens URLs "in the
/// system" through its ``systemOpener``.
///
/// Like `UIApplication`, its next responder is its delegate when the delegate is a
/// responder that is not a view, a view controller or the application itself; a walk passes
/// the application, asks the delegate, and then decides where the link opens, as it does in
/// an app. Every link that opens in the system opens through ``systemOpener``, whether the
/// default policy or a declared presenter sent it there.
@MainActor
open class TestApplication: TestResponder, SystemURLOpener {
  /// Stands in for the system: records what was opened.
  public let systemOpener: FakeSystemOpener
  /// The windows, which the application owns.
  public private(set) var windows: [TestWindow] = []
  /// The application delegate; the next responder when UIKit's rule allows it.
  public var delegate: TestResponder?

  /// Creates an application.
  ///
  /// - Parameters:
  ///   - name: A name for traces.
  ///   - systemOpener: What stands in for the system's URL opening.
  public init(name: String = "application", systemOpener: FakeSystemOpener = FakeSystemOpener()) {
    self.systemOpener = systemOpener
    super.init(name: name)
  }

  /// Creates a window owned by this application, with `rootViewController` installed.
  @discardableResult
  public func makeWindow(name: String = "window", rootViewController: TestViewController? = nil) -> TestWindow {
    let window = TestWindow(name: name)
    window.application = self
    window.rootViewController = rootViewController
    windows.append(window)
    return window
  }

  /// The delegate, if it is a responder that is not a view, view controller or application.
  override open var nextNode: (any ResponderChainNode)? {
    guard let delegate, !(delegate is TestView), !(delegate is TestViewController),
      !(delegate is TestApplication)
    else { return nil }
    return delegate
  }

  /// Hands `url` to the ``systemOpener``; whether it opened.
  package func openInSystem(_ url: URL) async -> Bool {
    systemOpener.open(url)
  }
}
