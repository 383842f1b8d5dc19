import Foundation
import URLResponderChainCore
import URLResponderChainLinkViews
import URLResponderChainTesting

extension LinkPolicy {
  /// The long-press menu of a link sent from an in-app presenter that shows links by this
  /// policy: the dry run reaches the presenter at once, so its policy decides the preview.
  @MainActor
  func menu(for url: URL) -> LinkMenu? {
    LinkMenu(for: url, from: TestResponder(name: "presenter"), policyOf: { _ in self })
  }
}
