package import URLResponderChainCore

/// The long-press menu of a link, decided by ``init(for:from:)``: a web preview or
/// none, and the actions to offer.
package struct LinkMenu: Sendable, Equatable {
  /// An action in a link's menu.
  package enum Action: Sendable, Equatable, CaseIterable {
    /// Send the link up the responder chain, as a tap would.
    case open
    /// Put the link on the pasteboard.
    case copyLink
    /// Offer the share sheet for the link.
    case share
  }

  /// The checked web URL to preview in-app, or `nil` for a menu without a web preview: the
  /// previews (`SFSafariViewController`, a web view) take nothing else. Committing the preview
  /// sends the link up the chain; it never presents by itself.
  package var previewURL: InAppBrowserURL?
  /// The actions, in menu order.
  package var actions: [Action]

  /// Creates a menu.
  package init(previewURL: InAppBrowserURL?, actions: [Action]) {
    self.previewURL = previewURL
    self.actions = actions
  }
}
