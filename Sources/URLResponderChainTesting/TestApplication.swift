public import Foundation
public import URLResponderChainCore

/// The application at the top of the test tree: the fallback that opens URLs "in the system".
///
/// Like `UIApplication`, its next responder is its delegate when the delegate is a
/// responder that is not a view, a view controller or the application itself. As a
/// an `AsyncURLHandler` it hands URLs to a ``FakeSystemOpener``, handled exactly when it opened.
@MainActor
open class TestApplication: TestResponder, AsyncURLHandler, SystemURLOpener {
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

  /// Hands `url` to the ``systemOpener``; handled exactly when it opened. Inbound links
  /// (`URLHandlingContext.isInbound`) are passed on, as
  /// `UIApplication` does.
  open func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    await SystemFallback.decide(url, context: context) { systemOpener.open($0) }
  }
}
