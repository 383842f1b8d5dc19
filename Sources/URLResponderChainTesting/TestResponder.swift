public import Foundation
public import URLResponderChainCore

/// The base of the test kit's responder tree: a named node whose successor follows
/// UIKit's documented `next` rules in each subclass.
///
/// Subclass a ``TestViewController`` (or any test responder) and conform it to
/// `URLHandler` to unit-test handler logic on any platform, without UIKit.
@MainActor
open class TestResponder: ResponderChainNode, LinkPresenting, CustomStringConvertible {
  /// A name for traces and test failures.
  public let name: String

  /// The presenter whose policy decides where links sent from below this responder open, as
  /// a `SafariURLHandling` responder declares its Safari presenter's: a view controller, the
  /// scene delegate, the app delegate (``TestApplication/delegate``). The walk records every
  /// declaration it passes; at the chain's end the nearest says where a link opens, and each
  /// one above it may refuse the link. `nil` (the default) declares none.
  open var linkPresenter: LinkPresenter?

  /// Creates a responder.
  ///
  /// - Parameter name: A name for traces and test failures.
  public init(name: String) {
    self.name = name
  }

  /// The next node; each subclass implements UIKit's rule for its kind of responder.
  open var nextNode: (any ResponderChainNode)? { nil }

  /// What a long press on `url`, sent from this responder, would preview in the in-app
  /// browser: the web link a tap would show in-app, found as the link views find it (the
  /// tap's walk with performing switched off); `nil` when a tap would not show it in-app.
  ///
  /// ```swift
  /// let link = TestView(name: "link")
  /// let preview = link.longPressPreview(of: URL(string: "https://tracker.example/pixel")!)
  /// print(preview?.url as Any)   // nil: no declaration above the link shows it in-app
  /// ```
  public func longPressPreview(of url: URL) -> InAppBrowserURL? {
    LinkDryRun.run(of: url, from: self).inApp
  }

  /// The type and name, for test output.
  nonisolated public var description: String { "\(type(of: self))(\(name))" }
}

// Traces print the name after the type in debug builds: `TestView "link"`.
extension TestResponder: TraceNamed {
  nonisolated package var traceName: String { name }
}
