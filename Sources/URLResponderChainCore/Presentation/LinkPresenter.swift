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
    /// Nothing could show it; why.
    case failed(reason: String)

    /// The handler decision this outcome amounts to: `.handled` unless it failed.
    public var decision: URLHandlingDecision {
      if case .failed(let reason) = self { return .discarded(reason: reason) }
      return .handled
    }
  }

  /// The environment, held strongly, or weakly when it owns this presenter
  /// (``init(owner:universalLinksFirst:openingPreference:)``): an Apple object that hands
  /// itself to a Core object it owns is held weakly there, so neither keeps the other alive.
  private let strongEnvironment: (any LinkPresentationEnvironment)?
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

  /// Creates a presenter owned by its environment (`SafariURLPresenter` owns its
  /// `LinkPresenter`), which it holds weakly. Once the owner is gone, nothing is shown.
  package init(
    owner: some LinkPresentationEnvironment, universalLinksFirst: Bool = false,
    openingPreference: LinkOpeningPreference = .inApp
  ) {
    self.strongEnvironment = nil
    self.weakEnvironment = owner
    self.universalLinksFirst = universalLinksFirst
    self.fallsBackToSystem = true
    self.openingPreference = openingPreference
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
    guard let environment else { return .failed(reason: "the presenter is gone") }
    guard !isShowing(url) else { return .alreadyPresented }
    let universalLinkFirst: Bool
    switch LinkDestination(for: url, preference: openingPreference, universalLinksFirst: universalLinksFirst) {
    case .system:
      return await system(url, because: "\(url.scheme ?? "this") links cannot be shown in the in-app browser")
    case .universalLinkThenDefaultBrowser:
      return await openInDefaultBrowser(url)
    case .inApp(let first):
      universalLinkFirst = first
    }
    showing.append(url)
    if universalLinkFirst, await environment.openUniversalLink(url) {
      stopShowing(url)
      return .openedInNativeApp
    }
    guard let host = base.topmostPresentationHost else {
      stopShowing(url)
      return await system(url, because: "no view controller can present right now")
    }
    let presented = environment.presentInAppBrowser(for: url, from: host) { [weak self] in
      guard let self, self.stopShowing(url) else { return }
      self.onDismiss?(url)
    }
    guard presented else {
      stopShowing(url)
      return await system(url, because: "the in-app browser could not be presented")
    }
    return .presentedInApp
  }

  /// Forgets that `url` is showing; whether it was.
  @discardableResult
  private func stopShowing(_ url: URL) -> Bool {
    guard let index = showing.firstIndex(of: url) else { return false }
    showing.remove(at: index)
    return true
  }

  /// The person's choice: the link's app if it has one, else their default browser. Opening
  /// there is not a fallback, so ``fallsBackToSystem`` does not apply.
  private func openInDefaultBrowser(_ url: URL) async -> Outcome {
    guard let environment else { return .failed(reason: "the presenter is gone") }
    if await environment.openUniversalLink(url) { return .openedInNativeApp }
    return await environment.openInSystem(url)
      ? .openedInSystem : .failed(reason: "the default browser could not open it")
  }

  private func system(_ url: URL, because reason: String) async -> Outcome {
    guard fallsBackToSystem else { return .failed(reason: reason) }
    guard let environment else { return .failed(reason: "\(reason), and the presenter is gone") }
    return await environment.openInSystem(url)
      ? .openedInSystem : .failed(reason: "\(reason), and the system could not open it")
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
    case .failed: "could not be shown"
    }
  }
}
