import TestSupport
import Testing

@testable import URLResponderChainCore
@testable import URLResponderChainLinkViews

/// A text view keeps its app's delegate when links are routed up the chain.
@Suite struct TextItemRoutingTests {
  @Test(arguments: [true, false])
  func aTappedLinkGoesUpTheChainWhateverTheAppsDelegateImplements(appImplements: Bool) {
    #expect(TextItemRouting.tap(isLink: true, appDelegateImplements: appImplements) == .chain)
  }

  @Test func aTappedItemThatIsNoLinkIsTheAppsOrTheSystems() {
    #expect(TextItemRouting.tap(isLink: false, appDelegateImplements: true) == .appDelegate)
    #expect(TextItemRouting.tap(isLink: false, appDelegateImplements: false) == .system)
  }

  @Test func aLinksMenuIsTheChainsOnlyWithPreviewsOn() {
    #expect(TextItemRouting.menu(isLink: true, previewsLinks: true, appDelegateImplements: true) == .chain)
    #expect(TextItemRouting.menu(isLink: true, previewsLinks: false, appDelegateImplements: true) == .appDelegate)
    #expect(TextItemRouting.menu(isLink: true, previewsLinks: false, appDelegateImplements: false) == .system)
    #expect(TextItemRouting.menu(isLink: false, previewsLinks: true, appDelegateImplements: true) == .appDelegate)
    #expect(TextItemRouting.menu(isLink: false, previewsLinks: true, appDelegateImplements: false) == .system)
  }

  @Test func beforeIOS17ALinksTapIsTheChainsAndItsLongPressTheAppsOrTheSystems() {
    #expect(TextItemRouting.linkInteraction(isTap: true, appDelegateImplements: true) == .chain)
    #expect(TextItemRouting.linkInteraction(isTap: false, appDelegateImplements: true) == .appDelegate)
    #expect(TextItemRouting.linkInteraction(isTap: false, appDelegateImplements: false) == .system)
  }
}
