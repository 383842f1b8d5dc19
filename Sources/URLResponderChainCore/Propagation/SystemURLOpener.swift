package import Foundation

/// The application at the end of a chain: the way the chain's end opens a link in the system
/// when no scene it came from is known (``ChainEnd``). Not a handler: the walk passes it,
/// asks its delegate, and then decides (up once, decide once, perform down once).
///
/// `UIApplication`, `NSApplication` and the test kit's `TestApplication` conform; nothing
/// else may, since the walk treats the first that it passes as the chain's end.
@MainActor
package protocol SystemURLOpener: ResponderChainNode {
  /// Asks the system to open `url` (the default browser, or the app for its scheme);
  /// whether it opened.
  func openInSystem(_ url: URL) async -> Bool
}
