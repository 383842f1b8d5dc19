public import Foundation

/// The platform operations a ``LinkPresenter`` needs: opening a universal link in its app,
/// presenting an in-app browser modally, and opening a URL in the system.
///
/// `SafariURLPresenter` implements it with UIKit and SafariServices; the test kit's
/// `RecordingLinkEnvironment` records calls instead.
@MainActor
public protocol LinkPresentationEnvironment: AnyObject {
  /// Opens `url` only if it is a universal link with an installed app (`.universalLinksOnly`).
  /// - Returns: Whether an app opened it.
  func openUniversalLink(_ url: URL) async -> Bool

  /// Presents an in-app browser for `url` modally from `host`; calls `onDismiss` once when
  /// the browser goes away: the person closes it, or the app dismisses it. Until then the
  /// presenter treats the link as showing and does not present it again.
  ///
  /// The URL is the checked web link the policy answered with: show `url.url`, exactly, and
  /// check nothing again (the decision was taken once, at the chain's end; the type admits
  /// only `http` and `https`).
  /// - Returns: Whether the browser was presented.
  func presentInAppBrowser(
    for url: InAppBrowserURL, from host: any PresentationHost, onDismiss: @escaping @MainActor () -> Void
  ) -> Bool

  /// Opens `url` in the system (the default browser or the app for its scheme).
  /// - Returns: Whether it opened.
  func openInSystem(_ url: URL) async -> Bool
}
