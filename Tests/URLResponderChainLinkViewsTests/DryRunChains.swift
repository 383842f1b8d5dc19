import Foundation
import URLResponderChainCore
import URLResponderChainTesting

/// A handler that answers at once by a rule, and records the contexts it was asked with.
@MainActor
final class RuleHandler: TestResponder, URLHandler {
  var next: (any ResponderChainNode)?
  let rule: @MainActor (URL) -> URLHandlingDecision
  private(set) var contexts: [URLHandlingContext] = []

  init(name: String, next: (any ResponderChainNode)? = nil, rule: @escaping @MainActor (URL) -> URLHandlingDecision) {
    self.next = next
    self.rule = rule
    super.init(name: name)
  }

  override var nextNode: (any ResponderChainNode)? { next }

  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    contexts.append(context)
    return rule(url)
  }
}

/// An in-app presenter as `SafariURLHandling` is one: it shows every link that reaches it by
/// its presenter's policy, from its view controller.
@MainActor
class PresentingHandler: TestResponder, AsyncURLHandler {
  var next: (any ResponderChainNode)?
  let presenter: LinkPresenter
  let host = TestViewController(name: "host")

  init(name: String, presenter: LinkPresenter, next: (any ResponderChainNode)? = nil) {
    self.presenter = presenter
    self.next = next
    super.init(name: name)
  }

  override var nextNode: (any ResponderChainNode)? { next }

  func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    if context.isInbound { return .notHandled }
    return await presenter.present(url, from: host).decision
  }

  /// The policy a dry run reads from a presenter of this kind, as the Apple layer reads a
  /// `SafariURLHandling` view controller's.
  static func policy(of node: any ResponderChainNode) -> LinkPolicy? {
    (node as? PresentingHandler)?.presenter.policy
  }
}

/// A presenter that also conforms to `URLHandler` (an app's Safari screen that answers some
/// links at once): the walk asks it through `handleURL` only, so its presenter never shows
/// what reaches it, and a dry run must not preview by its policy either.
@MainActor
final class AnsweringPresenter: PresentingHandler, URLHandler {
  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    url.path.hasSuffix("/x") ? .handled : .notHandled
  }
}
