import Foundation
import URLResponderChainCore
import URLResponderChainLinkViews
import URLResponderChainTesting

/// Prewarming for links sent from a screen that declares `policy`: the dry run reaches the
/// application at once, and the declaration decides what is warmed up.
@MainActor
struct PresenterPrewarm {
  let policy: LinkPolicy
  var prewarm: LinkPrewarmPolicy
  private let declared: (application: TestApplication, screen: TestViewController)

  init(policy: LinkPolicy, maximumHosts: Int = 3) {
    self.policy = policy
    self.declared = policy.declaringScreen()
    self.prewarm = LinkPrewarmPolicy(maximumHosts: maximumHosts)
  }

  var maximumHosts: Int { prewarm.maximumHosts }
  var prewarmed: [URL] { prewarm.prewarmed }

  private func inApp(_ url: URL) -> InAppBrowserURL? {
    LinkDryRun.run(of: url, from: declared.screen).inApp
  }

  func origins(for visible: [URL]) -> [URL] { prewarm.origins(for: visible, inApp: inApp) }
  mutating func update(visible: [URL]) -> [URL]? { prewarm.update(visible: visible, inApp: inApp) }
  mutating func reset() -> Bool { prewarm.reset() }
}
