import Foundation
import URLResponderChainCore
import URLResponderChainLinkViews
import URLResponderChainTesting

/// Prewarming for links sent from an in-app presenter that shows links by `policy`: the dry
/// run reaches the presenter at once, so its policy decides what is warmed up.
@MainActor
struct PresenterPrewarm {
  let policy: LinkPolicy
  var prewarm: LinkPrewarmPolicy
  private let presenter = TestResponder(name: "presenter")

  init(policy: LinkPolicy, maximumHosts: Int = 3) {
    self.policy = policy
    self.prewarm = LinkPrewarmPolicy(maximumHosts: maximumHosts)
  }

  var maximumHosts: Int { prewarm.maximumHosts }
  var prewarmed: [URL] { prewarm.prewarmed }

  private func inApp(_ url: URL) -> EligibleURL? {
    LinkDryRun.run(of: url, from: presenter, policyOf: { [policy] _ in policy }).inApp
  }

  func origins(for visible: [URL]) -> [URL] { prewarm.origins(for: visible, inApp: inApp) }
  mutating func update(visible: [URL]) -> [URL]? { prewarm.update(visible: visible, inApp: inApp) }
  mutating func reset() -> Bool { prewarm.reset() }
}
