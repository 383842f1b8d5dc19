package import Foundation

/// A link handler that a view declares (a SwiftUI view modifier), as a node of the chain.
///
/// The SwiftUI layer makes one per modifier and only wires it: ``enclosing`` is the node of
/// the nearest enclosing modifier, and ``anchor`` is a platform view the modifier placed in
/// the hierarchy, whose responder chain leads to the hosting controller. A link opened inside
/// the view enters the walk at the innermost node (``open(_:options:)``), and so
/// does a link of a UIKit view inside it whose delegate was attached with the SwiftUI
/// environment (`propagateURL` on the node); every guarantee of a walk holds, because it is
/// one: the same five decisions, timeout, cancellation, joining and trace.
///
/// Both links are weak. The views own their nodes; a walk holds each node only during its
/// turn, and a node never keeps an enclosing view's node or a platform view alive.
@MainActor
package final class ViewLinkHandler: AsyncURLHandler, LinkPresenting, TraceNamed {
  /// The decision the view declared.
  package typealias Decide = @MainActor (URL, URLHandlingContext) async -> URLHandlingDecision

  /// What this node answers; the modifier replaces it when the view is updated. `nil` for a
  /// modifier that only declares (where links open, how errors show): it passes every link
  /// on, and a long press's dry run passes it too.
  package var decide: Decide?
  /// The node of the nearest enclosing modifier, asked next.
  package weak var enclosing: ViewLinkHandler?
  /// Where the walk goes when no enclosing modifier is left: the platform view in the
  /// hierarchy (its responder chain leads to the hosting controller, then the application).
  package weak var anchor: (any ResponderChainNode)?
  /// The presenter whose policy this modifier declares (`presentsLinksInSafari(policy:)`),
  /// or `nil`: the chain's end asks the declaration nearest a link's origin
  /// (``LinkPresenting``). Weak: the modifier owns it.
  package weak var linkPresenter: LinkPresenter?
  /// Shows an error reported up the chain through this node, and says whether it did: set by
  /// a modifier that shows the chain's errors (`presentsLinkErrorsAsAlerts()`); `nil` passes
  /// every error on. The error handling product makes this node an `ErrorHandler` that asks
  /// it.
  package var showsError: (@MainActor (any Error) -> Bool)?
  /// Where the modifier was written (`ArticleView.swift:12`), shown in traces.
  package let traceName: String

  package init(name: String, _ decide: Decide?) {
    self.traceName = name
    self.decide = decide
  }

  /// The enclosing modifier's node, else the platform hierarchy.
  package var nextNode: (any ResponderChainNode)? { enclosing ?? anchor }

  package func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    await decide?(url, context) ?? .notHandled
  }

  /// Starts the walk for a link SwiftUI opened inside the view, and answers SwiftUI.
  ///
  /// SwiftUI wants its answer at once, so a walk that goes on (a handler deferring) is
  /// answered ``OpenURLAnswer/handled``: the chain owns the link from here, and its end (the
  /// application) decides where what nobody took opens.
  package func open(_ url: URL, options: URLPropagationOptions = URLPropagationOptions()) -> OpenURLAnswer {
    let answer = SynchronousResult()
    asNode().propagateURL(url, options: options) { answer.result = $0 }
    return OpenURLAnswer(answer.result)
  }
}

extension ViewLinkHandler {
  /// This node as the walk sees every node, behind a call the optimizer does not look into:
  /// otherwise it adds a second copy of the walk's entry points (2.5 KB) for this one class.
  @inline(never)
  private func asNode() -> any ResponderChainNode { self }
}

/// Holds a walk's result when the walk finished before `propagateURL` returned.
@MainActor
private final class SynchronousResult {
  var result: URLPropagationResult?
}
