/// How a link reached the app from outside.
public enum InboundLinkSource: String, Sendable, Hashable, CaseIterable {
  /// An `https` universal link (`scene(_:continue:)` with `NSUserActivityTypeBrowsingWeb`,
  /// or SwiftUI's `.onOpenURL`).
  case universalLink
  /// The app's own URL scheme (`scene(_:openURLContexts:)`).
  case customScheme
  /// Handoff from another device (`NSUserActivity.webpageURL`).
  case handoff
  /// A notification the user opened.
  case notification
}
