import Foundation
import URLResponderChainCore

/// Decides, for each navigation in a web view, whether the web view loads it itself, sends
/// it up the responder chain, or refuses it.
///
/// Only what the user asked to open leaves the web view: a link activated in the page itself
/// (the main frame), or a window the user's tap asked for. Everything the page does by itself,
/// and everything inside its frames, stays inside it.
///
/// | Navigation | Decision |
/// | --- | --- |
/// | A tapped link in the page to another document (`http`, `https`, `mailto`, an app's scheme…) | ``WebNavigationDecision/notHandled(_:)`` |
/// | A tapped link to a fragment of the page it is on (`#notes`) | loads: same document |
/// | A tapped link to `javascript:`, `vbscript:` or `data:` | refused: never leaves the web view |
/// | A tapped link to `blob:`, `file:` or `about:` | loads: the web view's own rules apply |
/// | A tapped link with no URL or no scheme | refused |
/// | A tapped link inside a frame of the page, to a web URL | loads in the frame |
/// | A tapped link inside a frame, to another scheme (`mailto`…) | refused: a frame's links never leave the web view |
/// | The initial load, a reload, back or forward, a form, a redirect, a script | loads, when the scheme is one the web view loads itself |
/// | The same, to any other scheme (`tel:`, `itms-apps:`, an app's scheme) | refused: not started by the user |
/// | No target frame (a new window is about to be asked for) | loads: the window request decides |
/// | A window request started by a tap (`target=_blank`, `window.open` in a tap handler) | ``WebNavigationDecision/notHandled(_:)`` (no window is created) |
/// | A window request without a tap, or to a script, data, blob, file or `about:` URL | refused |
///
/// Schemes are compared in lowercase; a URL whose text still carries the whitespace or
/// control characters a browser would strip has no scheme to Foundation and is refused.
///
/// ```swift
/// let tap = WebNavigation(
///   url: URL(string: "mailto:help@example.com"), kind: .linkActivated, target: .mainFrame, currentURL: url)
/// switch WebNavigationPolicy().decide(tap) {
/// case .handled(let reason): print("the web view loads it: \(reason)")
/// case .notHandled(let link): print("cancel, and send \(link) up the chain")   // what LinkRoutingNavigationDelegate does
/// case .discarded(let reason): print("cancel: \(reason)")
/// }
/// ```
package struct WebNavigationPolicy: Sendable {
  /// Schemes a tapped link never leaves the web view with, and that are never loaded either:
  /// scripts, and `data:` documents (a phishing vehicle browsers refuse at the top level).
  package static let refusedSchemes: Set<String> = ["javascript", "vbscript", "data"]
  /// Schemes the web view loads under its own rules and never hands to the chain.
  package static let webViewSchemes: Set<String> = ["http", "https", "about", "blob", "file", "data", "javascript"]
  /// The document-local schemes a tapped link loads in the web view: neither sent nor refused.
  private static let loadedInPlace = WebLinkScheme.documentLocal.subtracting(refusedSchemes)

  /// Creates the policy.
  package init() {}

  /// The decision for one navigation; see the table in the type's description.
  package func decide(_ navigation: WebNavigation) -> WebNavigationDecision {
    switch navigation.target {
    case .newWindow:
      return .handled(reason: "no frame: the window request that follows decides")
    case .windowRequest(let userActivated):
      return decideWindowRequest(navigation.url, userActivated: userActivated)
    case .mainFrame, .subframe:
      break
    }
    let scheme = navigation.url.flatMap(WebLinkScheme.of)
    guard navigation.kind == .linkActivated else {
      guard let scheme, Self.webViewSchemes.contains(scheme) else {
        return .discarded(reason: "\(Self.describe(scheme)) navigation was not started by the user")
      }
      return .handled(reason: "\(navigation.kind.phrase) stays in the web view")
    }
    guard let url = navigation.url else { return .discarded(reason: "a tapped link without a URL") }
    guard let scheme else { return .discarded(reason: "a tapped link without a readable scheme") }
    if Self.refusedSchemes.contains(scheme) {
      return .discarded(reason: "\(scheme): links never leave the web view")
    }
    if Self.loadedInPlace.contains(scheme) {
      return .handled(reason: "\(scheme): links are the web view's own")
    }
    if navigation.target == .subframe {
      // Only the page itself sends links up the chain; a frame's links stay in the web view.
      guard scheme == "http" || scheme == "https" else {
        return .discarded(reason: "a \(scheme): link inside a frame never leaves the web view")
      }
      return .handled(reason: "a link inside a frame loads in the frame")
    }
    if Self.isSameDocument(url, as: navigation.currentURL) {
      return .handled(reason: "a fragment of the page it is on")
    }
    return .notHandled(url)
  }

  /// The decision once the app's own navigation delegate has answered first.
  ///
  /// - Parameters:
  ///   - navigation: The navigation.
  ///   - appAllowed: Whether the app's delegate allowed it (it may also cancel it, or turn it
  ///     into a download).
  /// - Returns: The policy's decision when the app allowed the navigation; `nil` when it did
  ///   not: the app's answer stands, and nothing enters the chain.
  package func decide(_ navigation: WebNavigation, appAllowed: Bool) -> WebNavigationDecision? {
    appAllowed ? decide(navigation) : nil
  }

  private func decideWindowRequest(_ url: URL?, userActivated: Bool) -> WebNavigationDecision {
    guard userActivated else { return .discarded(reason: "a window the user did not ask for") }
    guard let url else { return .discarded(reason: "a window request without a URL") }
    guard let scheme = WebLinkScheme.of(url) else {
      return .discarded(reason: "a window request without a readable scheme")
    }
    if Self.refusedSchemes.contains(scheme) || Self.loadedInPlace.contains(scheme) {
      return .discarded(reason: "\(scheme): links never leave the web view")
    }
    return .notHandled(url)
  }

  /// Whether `url` only moves to a fragment of `current`: the same text before `#`, and a `#`.
  static func isSameDocument(_ url: URL, as current: URL?) -> Bool {
    guard let current else { return false }
    let target = url.absoluteString
    guard let hash = target.firstIndex(of: "#") else { return false }
    let shown = current.absoluteString
    let shownDocument = shown.firstIndex(of: "#").map { shown[..<$0] } ?? shown[...]
    return target[..<hash] == shownDocument
  }

  private static func describe(_ scheme: String?) -> String {
    scheme.map { "a \($0):" } ?? "a scheme-less"
  }
}

extension WebNavigation.Kind {
  /// The kind in words, for decisions' reasons.
  fileprivate var phrase: String {
    switch self {
    case .linkActivated: "a tapped link"
    case .formSubmitted: "a form submission"
    case .backForward: "going back or forward"
    case .reload: "a reload"
    case .formResubmitted: "a form resubmission"
    case .other: "a load the page started itself (the initial load, a redirect, a script)"
    }
  }
}
