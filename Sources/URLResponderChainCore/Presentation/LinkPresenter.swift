public import Foundation

/// Decides how an accepted link is shown: its native app first (optionally), then an
/// in-app browser presented modally from the right view controller, then the system.
///
/// The decisions live here, portable and tested; the platform only performs them
/// (``LinkPresentationEnvironment``).
///
/// ```swift
/// let presenter = LinkPresenter(environment: safari, universalLinksFirst: true)
/// let outcome = await presenter.present(url, from: self)
/// return outcome.decision
/// ```
@MainActor
public final class LinkPresenter {
  /// What happened to a link.
  public enum Outcome: Sendable, Equatable {
    /// A universal link opened in its native app.
    case openedInNativeApp
    /// An in-app browser was presented.
    case presentedInApp
    /// An in-app browser for this link is already showing (or opening): nothing new shown.
    case alreadyPresented
    /// The system opened it (not eligible for the in-app browser, or nowhere to present).
    case openedInSystem
    /// Nobody opens it: nothing could show it; why.
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
  /// Try the link's native app (universal links only) before the in-app browser.
  public var universalLinksFirst: Bool
  /// Let the system open links that cannot be shown in-app (non-web schemes, nowhere to present).
  public var fallsBackToSystem: Bool
  /// Where the person wants web links to open. Defaults to ``LinkOpeningPreference/inApp``;
  /// set it from the app's setting whenever that changes.
  public var openingPreference: LinkOpeningPreference
  /// Called when a presented in-app browser is dismissed, with its URL.
  public var onDismiss: (@MainActor (URL) -> Void)?

  /// The links whose in-app browser is showing or opening: a few at most, so an array (a
  /// `Set<URL>` would add 4 KB of code to every app for no measurable gain).
  private var showing: [URL] = []

  /// Creates a presenter.
  ///
  /// - Parameters:
  ///   - environment: Performs the platform operations.
  ///   - universalLinksFirst: Try the native app first. Defaults to `false`.
  ///   - fallsBackToSystem: Let the system open what cannot be shown in-app. Defaults to `true`.
  ///   - openingPreference: Where the person wants web links to open. Defaults to in-app.
  public init(
    environment: any LinkPresentationEnvironment, universalLinksFirst: Bool = false, fallsBackToSystem: Bool = true,
    openingPreference: LinkOpeningPreference = .inApp
  ) {
    self.strongEnvironment = environment
    self.universalLinksFirst = universalLinksFirst
    self.fallsBackToSystem = fallsBackToSystem
    self.openingPreference = openingPreference
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
  public func present(_ url: URL, from base: any PresentationHost) async -> Outcome {
    let outcome = await decideAndPresent(url, from: base)
    ChainLog.presentation.debug("\(outcome.logDescription):", url: url, "")
    return outcome
  }

  private func decideAndPresent(_ url: URL, from base: any PresentationHost) async -> Outcome {
    guard let environment else { return .discarded(reason: "the presenter is gone") }
    guard !isShowing(url) else { return .alreadyPresented }
    // Where the link opens (``LinkOpeningPreference``'s table): a URL the in-app browser may
    // not show goes to the system; under the default-browser preference, to its app or there.
    // Every way to the system ends at the one call below, why it went there in `reason`.
    let reason: String
    if !URLSafety.isShownInApp(url) {
      reason = "\(url.scheme ?? "this") links cannot be shown in the in-app browser"
    } else if openingPreference == .defaultBrowser {
      if await environment.openUniversalLink(url) { return .openedInNativeApp }
      // The person's choice, not a fallback: ``fallsBackToSystem`` does not apply.
      return await environment.openInSystem(url)
        ? .openedInSystem : .discarded(reason: "the default browser could not open it")
    } else {
      showing.append(url)
      if universalLinksFirst, await environment.openUniversalLink(url) {
        stopShowing(url)
        return .openedInNativeApp
      }
      if let host = base.topmostPresentationHost {
        let presented = environment.presentInAppBrowser(for: url, from: host) { [weak self] in
          guard let self, self.stopShowing(url) else { return }
          self.onDismiss?(url)
        }
        if presented { return .presentedInApp }
        reason = "the in-app browser could not be presented"
      } else {
        reason = "no view controller can present right now"
      }
      stopShowing(url)
    }
    guard fallsBackToSystem else { return .discarded(reason: reason) }
    return await environment.openInSystem(url)
      ? .openedInSystem : .discarded(reason: "\(reason), and the system could not open it")
  }

  /// Forgets that `url` is showing; whether it was.
  @discardableResult
  private func stopShowing(_ url: URL) -> Bool {
    guard let index = showing.firstIndex(of: url) else { return false }
    showing.remove(at: index)
    return true
  }
}

extension LinkPresenter.Outcome {
  /// The outcome without its reason, which may quote a URL: what logs show.
  var logDescription: String {
    switch self {
    case .openedInNativeApp: "opened in its app"
    case .presentedInApp: "presented in-app"
    case .alreadyPresented: "already presented"
    case .openedInSystem: "opened by the system"
    case .discarded: "discarded"
    }
  }
}
