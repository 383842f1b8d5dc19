import Foundation
import TestSupport
import Testing

@testable import URLResponderChainCore
@testable import URLResponderChainLinkViews

/// A text view keeps its app's delegate when links are routed up the chain.
@Suite struct TextItemRoutingTests {
  static let link = URL(string: "https://example.com/guide")!

  @Test(arguments: [true, false])
  func aTappedLinkGoesUpTheChainWhateverTheAppsDelegateImplements(appImplements: Bool) {
    #expect(TextItemRouting.tap(link: Self.link, appDelegateImplements: appImplements) == .chain(Self.link))
  }

  @Test func aTappedItemThatIsNoLinkIsTheAppsOrTheSystems() {
    #expect(TextItemRouting.tap(link: nil, appDelegateImplements: true) == .appDelegate)
    #expect(TextItemRouting.tap(link: nil, appDelegateImplements: false) == .system)
  }

  @Test func aLinksMenuIsTheChainsOnlyWithPreviewsOn() {
    #expect(
      TextItemRouting.menu(link: Self.link, previewsLinks: true, appDelegateImplements: true) == .chain(Self.link))
    #expect(TextItemRouting.menu(link: Self.link, previewsLinks: false, appDelegateImplements: true) == .appDelegate)
    #expect(TextItemRouting.menu(link: Self.link, previewsLinks: false, appDelegateImplements: false) == .system)
    #expect(TextItemRouting.menu(link: nil, previewsLinks: true, appDelegateImplements: true) == .appDelegate)
    #expect(TextItemRouting.menu(link: nil, previewsLinks: true, appDelegateImplements: false) == .system)
  }

  @Test func beforeIOS17ALinksTapIsTheChainsAndItsLongPressTheAppsOrTheSystems() {
    #expect(TextItemRouting.linkInteraction(Self.link, isTap: true, appDelegateImplements: true) == .chain(Self.link))
    #expect(TextItemRouting.linkInteraction(Self.link, isTap: false, appDelegateImplements: true) == .appDelegate)
    #expect(TextItemRouting.linkInteraction(Self.link, isTap: false, appDelegateImplements: false) == .system)
  }
}
