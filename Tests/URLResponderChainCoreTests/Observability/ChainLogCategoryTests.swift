import TestSupport
import Testing

@testable import URLResponderChainCore

/// The categories people filter by in Console and Instruments, as the debugging article names
/// them: a renamed case must not rename the category an app's log filters look for.
@Suite struct ChainLogCategoryTests {
  @Test func theCategoriesKeepTheNamesTheArticleGives() {
    let categories: [ChainLogCategory] = [.propagation, .allowlist, .presentation, .inbound]
    #expect(categories.map(\.name) == ["propagation", "allowlist", "presentation", "inbound"])
  }
}
