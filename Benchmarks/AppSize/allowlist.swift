// link-size: package=URLResponderChain products=URLResponderChainAllowlist baseline=baseline title="allowlist verdict (URLResponderChainAllowlist, README)"

import UIKit
import URLResponderChainAllowlist

func opensInApp(_ url: URL) throws -> Bool {
  let allowlist = try Allowlist(
    allow: ["example.com", "*.trusted.org", "docs.example.org/guides/*"], deny: ["*.ads.trusted.org"])
  return allowlist.verdict(for: url).isAllowed
}

@MainActor func makeRootViewController() -> UIViewController {
  ButtonViewController(title: "Check") { _ in
    print((try? opensInApp(URL(string: "https://docs.example.org/guides/a")!)) ?? false)
  }
}
