#if canImport(UIKit) && canImport(SafariServices) && canImport(SwiftUI) && !os(watchOS) && !os(tvOS)
  public import Foundation
  public import SwiftUI
  public import URLResponderChain
  public import URLResponderChainCore

  /// A view controller whose links a ``RemoteAllowlist`` checks before they show in Safari:
  /// a remote allowlist decides, in two properties.
  ///
  /// ```swift
  /// final class TopicViewController: UIViewController, RemoteAllowlistSafariHandling {
  ///   let allowlistGate = RemoteAllowlistGate(allowlist: AppLinks.allowlist)
  ///   let safariPresenter = SafariURLPresenter(policy: LinkPolicy(inApp: AppLinks.allowlist))
  /// }
  /// ```
  ///
  /// Give the presenter a policy of the same list: long-press previews (`LinkButton`, text
  /// and web views below) ask the presenter's policy, since they cannot wait for the network,
  /// and the list's current verdicts are what a tap will meet.
  ///
  /// A link the list allows goes on up the chain, and the chain's end shows it where the
  /// presenter's policy says (the declaration nearest the link, this view controller's unless a
  /// nearer one exists); one a deny rule matches is discarded; one the list does not allow goes
  /// to the system browser (``RemoteAllowlistGate/WhenRefused``), never in-app. While the list
  /// is fetched the link waits. When it cannot be had for a reason the person can fix, the
  /// prompt is an error reported up the chain: conform to `AlertPresentingErrorHandler` (here
  /// or above) to show it.
  @MainActor
  public protocol RemoteAllowlistSafariHandling: SafariURLHandling, AsyncURLHandler {
    /// The check every link passes before the chain's end shows it.
    var allowlistGate: RemoteAllowlistGate { get }
  }

  extension RemoteAllowlistSafariHandling {
    /// Checks `url` with ``allowlistGate``, waiting for the list, and passes what it allows
    /// on: the chain's end shows it by the presenter's policy. A link that opened the app
    /// (`URLHandlingContext.isInbound`) is passed on unchecked: it goes
    /// to the app's screens, never to a browser, so not even the list is asked about it.
    public func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      guard !context.isInbound else { return .notHandled }
      return await allowlistGate.decide(url, context: context)
    }
  }

  extension View {
    /// Checks the links that reach this view's place in the chain against a remote
    /// allowlist: those it allows go on to the enclosing modifiers (put
    /// `.presentsLinksInSafari()` around it), the others never reach an in-app presenter.
    ///
    /// ```swift
    /// struct ArticleView: View {
    ///   var body: some View {
    ///     Text(article)
    ///       .checksLinks(with: gate)
    ///       .presentsLinksInSafari()
    ///   }
    /// }
    /// ```
    ///
    /// It is a URL handler answering ``RemoteAllowlistGate/decide(_:context:)``.
    ///
    /// - Parameters:
    ///   - gate: The check.
    ///   - fileID: Where the modifier is written, shown in traces; leave the default.
    ///   - line: The line it is written on, shown in traces; leave the default.
    public func checksLinks(
      with gate: RemoteAllowlistGate, fileID: String = #fileID, line: Int = #line
    ) -> some View {
      urlHandler({ url, context in await gate.decide(url, context: context) }, fileID: fileID, line: line)
    }
  }
#endif
