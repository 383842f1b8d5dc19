public import Foundation

/// Shows a link where the app's ``LinkPolicy`` says it opens: its native app first
/// (optionally), then an in-app browser presented modally from the right view controller, or
/// the system, or nowhere.
///
/// It asks the policy once per link (``LinkPolicy/destination(for:)``) and performs the
/// answer; the platform only performs the operations (``LinkPresentationEnvironment``).
///
/// Apps do not call it: they declare a policy (on iOS, a view controller conforming to
/// `SafariURLHandling`), and the chain's end presents with it when no handler takes a link.
/// A handler that calls it itself skips every declaration above it. A platform integration
/// (the test kit's application, an app's own chain's end) performs the end's answer with it:
///
/// ```swift
/// // `environment` performs the platform's operations (on iOS, a `SafariURLPresenter`).
/// let presenter = LinkPresenter(environment: environment, policy: LinkPolicy(universalLinksFirst: true))
/// let outcome = await presenter.present(url, from: topicViewController)
/// print(outcome.decision)   // handled, or discarded(reason:) when nobody opens it
/// ```
@MainActor
public final class LinkPresenter {
  /// What happened to a link: taken in one of four ways, or discarded.
  public enum Outcome: Sendable, Equatable {
    /// A universal link opened in its native app.
    case openedInNativeApp
    /// An in-app browser was presented.
    case presentedInApp
    /// An in-app browser for this link is already showing (or opening): nothing new shown.
    case alreadyPresented
    /// The system opened it; why: the policy's reason for sending it there, or the
    /// performer's fallback (nothing could present it in-app), named.
    case systemAction(reason: String)
    /// Nobody opens it (the policy blocks it, or nothing could show it); why.
    case discarded(reason: String)

    /// The handler decision this outcome amounts to: `.handled` unless it was discarded.
    public var decision: URLHandlingDecision {
      if case .discarded(let reason) = self { return .discarded(reason: reason) }
      return .handled
    }
  }

  /// The environment, held strongly, or weakly when it owns this presenter
  /// (``holdEnvironmentWeakly()``): an Apple object that hands
  /// itself to a Core object it owns is held weakly there, so neither keeps the other alive.
  private var strongEnvironment: (any LinkPresentationEnvironment)?
  private weak var weakEnvironment: (any LinkPresentationEnvironment)?
  private var environment: (any LinkPresentationEnvironment)? { strongEnvironment ?? weakEnvironment }
  /// Where each link opens. Set its ``LinkPolicy/preference`` from the app's setting whenever
  /// that changes.
  public var policy: LinkPolicy
  /// Called when a presented in-app browser is dismissed, with its URL.
  public var onDismiss: (@MainActor (URL) -> Void)?

  /// The links whose in-app browser is showing or opening: a few at most, so an array (a
  /// `Set<URL>` would add 4 KB of code to every app for no measurable gain).
  private var showing: [URL] = []
  /// The links whose in-app browser is opening (their own app is being tried first), and those
  /// asked for again meanwhile (a tap on another view): the first present goes on for the
  /// second even when its own tap ends while it waits.
  private var opening: [URL] = []
  private var askedAgain: [URL] = []

  /// Creates a presenter.
  ///
  /// - Parameters:
  ///   - environment: Performs the platform operations.
  ///   - policy: Where each link opens. Defaults to every eligible web link in-app.
  public init(
    environment: any LinkPresentationEnvironment, policy: LinkPolicy = LinkPolicy()
  ) {
    self.strongEnvironment = environment
    self.policy = policy
  }

  /// Holds the environment weakly from now on, for an environment that owns this presenter
  /// (`SafariURLPresenter` owns its `LinkPresenter`). Once the owner is gone, nothing is
  /// shown.
  package func holdEnvironmentWeakly() {
    weakEnvironment = strongEnvironment
    strongEnvironment = nil
  }

  /// Whether an in-app browser for `url` is showing or opening.
  public func isShowing(_ url: URL) -> Bool { showing.firstIndex(of: url) != nil }

  /// Shows `url`, presenting from the top-most presented view controller above `base`.
  ///
  /// When the policy tries the link's own app first and the calling task is cancelled while
  /// it waits for that answer, nothing more opens: the outcome is `.discarded`, unless another
  /// call asked for the same link meanwhile (it was answered `.alreadyPresented`, so this one
  /// shows it).
  public func present(_ url: URL, from base: any PresentationHost) async -> Outcome {
    let outcome = await present(url, from: base, inApp: true, judged: nil) {
      await self.environment?.openInSystem($0) == true
    }
    ChainLog.presentation.debug(outcome.logDescription, url: url, "")
    return outcome
  }

  /// Shows `url` as the chain's end does (``ChainEnd``): from the top-most presented
  /// view controller above `base` (with none, the system opens what would show in-app), and
  /// never in-app unless `inApp` (a handler answered ``URLHandlingDecision/systemAction``).
  /// `judged` is the list's answer after the chain's end waited for a fetched list
  /// (``LinkPolicyList/waitsForList``); `nil` judges by the list held now. `system` is the
  /// one way to the system: at the chain's end, the application's, from the scene the link
  /// came from. The caller logs the outcome.
  package func present(
    _ url: URL, from base: (any PresentationHost)?, inApp: Bool, judged: LinkDestination?,
    system openInSystem: @MainActor (URL) async -> Bool
  ) async -> Outcome {
    guard let environment else { return .discarded(reason: "the presenter is gone") }
    guard !isShowing(url) else {
      if opening.contains(url) { askedAgain.append(url) }
      return .alreadyPresented
    }
    // Where the link opens is the policy's answer; this only performs it. Every way to the
    // system ends at the one call below, why it went there in `reason`.
    let reason: String
    switch policy.destination(for: url, inApp: inApp, judged: judged) {
    case .discarded(let why):
      return .discarded(reason: why)
    case .systemAction(let why):
      reason = why
    case .nativeAppOrDefaultBrowser(let why):
      if await environment.openUniversalLink(url) { return .openedInNativeApp }
      // The caller's task ended while the app's own was asked (a tap cancelled or timed out):
      // nothing more opens.
      if Task.isCancelled { return .discarded(reason: ChainEnd.cancelled) }
      return await openInSystem(url)
        ? .systemAction(reason: why) : .discarded(reason: "the default browser could not open it")
    case .inApp(let nativeAppFirst, _):
      showing.append(url)
      if nativeAppFirst {
        opening.append(url)
        let openedInItsApp = await environment.openUniversalLink(url)
        Self.remove(url, from: &opening)
        let wantedByAnother = askedAgain.contains(url)
        askedAgain.removeAll { $0 == url }
        if openedInItsApp {
          stopShowing(url)
          return .openedInNativeApp
        }
        // The caller's task ended while its app was tried (a tap cancelled or timed out):
        // nothing more opens, unless another tap asked for the link meanwhile.
        if Task.isCancelled, !wantedByAnother {
          stopShowing(url)
          return .discarded(reason: ChainEnd.cancelled)
        }
      }
      if let host = base?.hostPresentingNow {
        if showInAppBrowser(url, from: host, by: environment) { return .presentedInApp }
        reason = "the in-app browser could not be presented"
      } else {
        reason = "no view controller can present right now"
      }
      stopShowing(url)
    }
    return await openInSystem(url)
      ? .systemAction(reason: reason) : .discarded(reason: "\(reason), and the system could not open it")
  }

  /// Presents the in-app browser for `url` from `host`; whether it was presented. The browser
  /// takes only the checked web link (``InAppBrowserURL``), made here by the check and with the ports
  /// the policy judged the link by, so it cannot differ from the policy's answer. A function
  /// of its own so that the checked value never waits in the frame of an `async` function,
  /// which costs the product every app imports first about 600 bytes.
  @inline(never)
  private func showInAppBrowser(
    _ url: URL, from host: any PresentationHost, by environment: any LinkPresentationEnvironment
  ) -> Bool {
    guard case .success(let eligible) = URLSafety.check(url, permittedPorts: policy.permittedPorts),
      let shown = InAppBrowserURL(eligible)
    else { return false }
    return environment.presentInAppBrowser(for: shown, from: host) { [weak self] in
      guard let self, self.stopShowing(url) else { return }
      self.onDismiss?(url)
    }
  }

  /// Forgets that `url` is showing; whether it was.
  @discardableResult
  private func stopShowing(_ url: URL) -> Bool {
    Self.remove(url, from: &showing)
  }

  /// Removes one `url` from `links`; whether it was there.
  @discardableResult
  private static func remove(_ url: URL, from links: inout [URL]) -> Bool {
    guard let index = links.firstIndex(of: url) else { return false }
    links.remove(at: index)
    return true
  }
}

extension LinkPresenter.Outcome {
  /// The outcome without its reason, which may quote a URL, ending where the log line's URL
  /// follows: what logs show.
  var logDescription: String {
    switch self {
    case .openedInNativeApp: "opened in its app:"
    case .presentedInApp: "presented in-app:"
    case .alreadyPresented: "already presented:"
    case .systemAction: "opened by the system:"
    case .discarded: "discarded:"
    }
  }
}
