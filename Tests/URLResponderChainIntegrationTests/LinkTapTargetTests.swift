import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore
@testable import URLResponderChainLinkViews

/// What a link button made in a storyboard sends when tapped.
@Suite struct LinkTapTargetTests {
  @Test func theURLSetInCodeWinsOverTheWrittenOne() throws {
    let set = try #require(URL(string: "https://example.com/set"))
    #expect(LinkTapTarget.resolve(url: set, written: "https://example.com/written") == .success(set))
  }

  @Test(arguments: ["https://example.com/guide", "  https://example.com/guide\n", "myapp://document/42"])
  func theWrittenURLIsReadWithoutSurroundingWhiteSpace(written: String) throws {
    let expected = try #require(URL(string: written.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(LinkTapTarget.resolve(url: nil, written: written) == .success(expected))
  }

  @Test(arguments: [nil, "", "   \n"] as [String?])
  func noURLAtAllSendsNothing(written: String?) {
    #expect(LinkTapTarget.resolve(url: nil, written: written) == .failure(.noURL))
  }

  @Test(arguments: ["not a url", "example.com/guide", "https://exa mple.com", "\u{1B}[2J"])
  func textThatIsNoURLSendsNothingAndSaysWhy(written: String) {
    guard case .failure(.unreadable(let text)) = LinkTapTarget.resolve(url: nil, written: written) else {
      Issue.record("\(written) was read as a URL")
      return
    }
    #expect(text == written.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(!LinkTapTarget.Problem.unreadable(text).description.unicodeScalars.contains { $0.value < 0x20 })
  }
}
