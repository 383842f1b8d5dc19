#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  public import Foundation
  public import SwiftUI
  public import URLResponderChainCore

  extension View {
    /// Declares a URL handler for the links opened inside this view (`Link`, Markdown links
    /// in `Text`, the `openURL` action), with the five decisions of a `URLHandler`.
    ///
    /// The handler is a node of the chain. A link is asked of the innermost `urlHandler`
    /// first, then of each enclosing one, then of the UIKit responder chain of the hosting
    /// controller (its view controllers, the window, the application, which opens what
    /// nobody took). No setup: the hosting controller SwiftUI made for a `WindowGroup`, or one
    /// you made, is found from the view itself. The handler may take its time (an allowlist
    /// check): the walk waits, with the same timeout, cancellation, joining of a double tap,
    /// and trace as any other.
    ///
    /// ```swift
    /// struct ReaderView: View {
    ///   var body: some View {
    ///     ArticleView()
    ///       .urlHandler { url, _ in
    ///         (try? EligibleURL(url)) == nil ? .discarded(reason: "not a link to trust") : .notHandled
    ///       }
    ///   }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - decide: Answers for a link: `.handled` (taken, once the handler has opened it),
    ///     `.notHandled` (ask the enclosing view), `.rewrite(_:)` (ask the enclosing view
    ///     about another URL), `.discarded(reason:)` (nobody opens it) or `.systemAction`
    ///     (the system opens it, by the declared policy but never in-app).
    ///   - fileID: Where the handler is written, shown in traces; leave the default.
    ///   - line: The line it is written on, shown in traces; leave the default.
    public func urlHandler(
      _ decide: @escaping @MainActor (URL, URLHandlingContext) async -> URLHandlingDecision,
      fileID: String = #fileID, line: Int = #line
    ) -> some View {
      modifier(URLHandlerModifier(name: "\(fileID):\(line)", decide))
    }
  }

  /// Makes a view's handler a chain node: it reads the enclosing modifier's node from the
  /// environment, hands its own to the views inside, and starts their links' walks. Package
  /// API for the products built on this one (the error handling product's alerts set up
  /// their node with `configure`).
  package struct URLHandlerModifier: ViewModifier {
    private let decide: ViewLinkHandler.Decide?
    private let configure: (@MainActor (ViewLinkHandler) -> Void)?
    @State private var node: ViewLinkHandler
    @Environment(\.enclosingLinkHandler) private var enclosing

    /// A modifier whose node answers with `decide` (with `nil`, it only declares and passes
    /// every link on), set up by `configure` at each update.
    package init(
      name: String, configure: (@MainActor (ViewLinkHandler) -> Void)? = nil, _ decide: ViewLinkHandler.Decide?
    ) {
      self.decide = decide
      self.configure = configure
      _node = State(initialValue: ViewLinkHandler(name: name, nil))
    }

    package func body(content: Content) -> some View {
      let node = self.node
      // The node lives as long as the view; the latest declaration is the one asked.
      node.decide = decide
      node.enclosing = enclosing.node
      configure?(node)
      return
        content
        .environment(\.enclosingLinkHandler, EnclosingLinkHandler(node: node))
        .environment(\.openURL, OpenURLAction { url in node.open(url).result })
        .background(ResponderAnchor(node: node).allowsHitTesting(false).accessibilityHidden(true))
    }
  }

  extension OpenURLAnswer {
    /// SwiftUI's result for this answer (the core decides which).
    var result: OpenURLAction.Result {
      switch self {
      case .handled: .handled
      case .discarded: .discarded
      }
    }
  }
#endif
