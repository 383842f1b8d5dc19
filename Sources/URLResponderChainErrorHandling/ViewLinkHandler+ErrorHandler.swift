package import URLResponderChainCore

/// A SwiftUI link modifier's node handles the errors reported through it when its view shows
/// them (`presentsLinkErrorsAsAlerts()` sets ``URLResponderChainCore/ViewLinkHandler/showsError``),
/// and passes every other error on: so errors from links in SwiftUI, a remote list's recovery
/// prompts among them, meet the views around the link first, as its URL does.
extension ViewLinkHandler: ErrorHandler {
  /// Handled when the view showed `error`; passed on otherwise.
  package func handleError(_ error: any Error) async -> ErrorHandlingDecision {
    guard let showsError, showsError(error) else { return .notHandled }
    return .handled
  }
}
