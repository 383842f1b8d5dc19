public import Foundation

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

  /// The source of a URL the system asked the app to open (`scene(_:openURLContexts:)`,
  /// SwiftUI's `.onOpenURL`): a universal link when it is `https`, else the app's scheme.
  public init(openedURL url: URL) {
    self = url.scheme?.lowercased() == "https" ? .universalLink : .customScheme
  }
}
