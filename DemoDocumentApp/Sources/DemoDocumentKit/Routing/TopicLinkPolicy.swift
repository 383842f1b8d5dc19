public import Foundation
public import URLResponderChainCore
public import URLResponderChainRecovery
public import URLResponderChainRemoteAllowlist
import URLResponderChainRouting
import URLResponderChainWebContent

/// What the topic screen does with a link that reaches it, on iOS and in the headless demo alike:
///
/// 1. scripts and local files (`javascript:`, `data:`, `file:`…) are blocked;
/// 2. web links that fail the URL safety rules (a user-info trick, an IP address…) are blocked;
/// 3. YouTube links open in the YouTube app (universal link first), the one exception;
/// 4. other web links are checked against the remote allowlist: allowed ones are shown in
///    the in-app Safari view, deny-rule matches are blocked, the rest go on to the system browser;
/// 5. everything else (`mailto:`, `tel:`) goes on to the system.
@MainActor
public struct TopicLinkPolicy {
  /// Routes for links that open in their native app.
  enum NativeRoute: Sendable { case youTube }

  private let inApp: LinkPresenter
  private let nativeFirst: LinkPresenter
  private let nativeRoutes: URLRouteTable<NativeRoute>

  /// Where the person wants web links to open (the app's setting): allowed links in the
  /// in-app browser, or every web link in their default browser. YouTube links open their
  /// app under either.
  public var openingPreference: LinkOpeningPreference {
    get { inApp.policy.preference }
    nonmutating set {
      inApp.policy.preference = newValue
      nativeFirst.policy.preference = newValue
    }
  }

  /// Schemes that are never opened from a document.
  public static let blockedSchemes = WebLinkScheme.documentLocal

  /// Creates the policy.
  ///
  /// - Parameters:
  ///   - allowlist: The remote allowlist for web links.
  ///   - environment: Presents the in-app browser and opens native apps (Safari on iOS,
  ///     the recording environment in the headless demo).
  ///   - recovery: Shares retry prompts between links.
  public init(
    allowlist: RemoteAllowlist, environment: any LinkPresentationEnvironment, recovery: RecoveryCoordinator = .shared
  ) {
    inApp = LinkPresenter(environment: environment, policy: LinkPolicy(inApp: allowlist, recovery: recovery))
    nativeFirst = LinkPresenter(environment: environment, policy: LinkPolicy(universalLinksFirst: true))
    nativeRoutes = try! URLRouteTable([
      ("https://youtu.be/:id", .youTube),
      ("*.youtube.com/watch", .youTube),
      ("youtube.com/watch", .youTube),
    ])
  }

  /// Decides what happens to `url`, presenting from `host` when it is shown in-app.
  public func decide(_ url: URL, from host: any ResponderChainNode & PresentationHost) async -> URLHandlingDecision {
    let scheme = url.scheme?.lowercased() ?? ""
    if Self.blockedSchemes.contains(scheme) {
      return .discarded(reason: "\(scheme): links are never opened from a document")
    }
    guard scheme == "http" || scheme == "https" else { return .notHandled }
    do {
      _ = try EligibleURL(url)
    } catch {
      return .discarded(reason: "unsafe link: \(error)")
    }
    if nativeRoutes.route(url) != nil {
      return await nativeFirst.present(url, from: host).decision
    }
    // The list's policy waits for the list (its prompts reported from the topic screen) and
    // decides: in-app, nowhere, or the system browser.
    return await SystemFallback.show(url, by: inApp, from: host, inApp: true, origin: host)
  }
}
