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

/// A screen that declares where links open, as a `SafariURLHandling` view controller does:
/// not a handler. The application at the chain's end asks the declaration nearest a link's
/// origin, and its presenter shows the link from this screen (a presentation host).
@MainActor
class PresentingScreen: TestViewController {
  var next: (any ResponderChainNode)?

  init(name: String, presenter: LinkPresenter?, next: (any ResponderChainNode)? = nil) {
    self.next = next
    super.init(name: name)
    linkPresenter = presenter
  }

  override var nextNode: (any ResponderChainNode)? { next }
}

/// A declaring screen that also answers at once (an app's Safari screen that takes some
/// links itself): the walk asks it through `handleURL`, and what it passes on reaches the
/// chain's end, where its declaration applies.
@MainActor
final class AnsweringPresenter: PresentingScreen, URLHandler {
  func handleURL(_ url: URL, context: URLHandlingContext) -> URLHandlingDecision {
    url.path.hasSuffix("/x") ? .handled : .notHandled
  }
}
