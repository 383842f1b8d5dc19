#if canImport(UIKit) && os(iOS)
  import AppleLayerScenarios
  import Testing

  /// The Apple layer, run on the iOS simulator (`xcodebuild test`, the macOS workflow): each
  /// test reports what its scenario found wrong. Elsewhere this file is empty; the scenarios
  /// themselves are compiled for iOS by `apple-typecheck`.
  @MainActor
  @Suite(.timeLimit(.minutes(1))) struct AppleLayerTests {
    @Test func theInAppBrowserIsPresentedDismissedAndReleased() async {
      #expect(await AppleLayerScenarios.presentDismissRelease() == [])
    }

    @Test func theTextWebAndPDFDelegatesForwardToTheAppsOwn() {
      #expect(AppleLayerScenarios.delegatesForwardToTheAppsOwn() == [])
    }

    @Test func theSwiftUIModifiersWorkInEitherOrder() async {
      #expect(await AppleLayerScenarios.swiftUIModifiersInEitherOrder() == [])
    }
  }
#endif
