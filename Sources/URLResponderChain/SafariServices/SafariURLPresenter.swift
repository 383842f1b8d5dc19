#if canImport(UIKit) && canImport(SafariServices) && !os(watchOS) && !os(tvOS)
  public import Foundation
  import ObjectiveC
  public import SafariServices
  public import UIKit
  public import URLResponderChainCore

  /// Shows accepted links in `SFSafariViewController`, presented modally (never pushed,
  /// never embedded, as Apple asks), from the top-most presented view controller.
  ///
  /// The decisions are the core's ``LinkPresenter``, asking the app's `LinkPolicy`: only what
  /// `EligibleURL` accepts ever reaches `SFSafariViewController` (another scheme raises an
  /// exception that cannot be caught); optionally the link's native app is tried first
  /// (`.universalLinksOnly`); a link whose Safari view is already showing is not presented
  /// twice; what the policy keeps out of the app is opened by the system, or by nobody.
  ///
  /// Declare it on a view controller (``SafariURLHandling``): the chain's end asks it about
  /// every link sent from inside that no handler takes.
  ///
  /// ```swift
  /// final class TopicViewController: UIViewController, SafariURLHandling {
  ///   let safariPresenter = SafariURLPresenter(policy: LinkPolicy(universalLinksFirst: true))
  /// }
  /// ```
  @MainActor
  public final class SafariURLPresenter: NSObject, LinkPresentationEnvironment {
    /// How the Safari view looks and is presented.
    public struct Appearance {
      /// Enter Reader automatically when the page supports it.
      public var entersReaderIfAvailable = false
      /// Collapse the bars while scrolling (iOS and Mac Catalyst; ignored on visionOS).
      public var barCollapsingEnabled = true
      #if os(iOS)
        /// The bars' background colour.
        public var preferredBarTintColor: UIColor?
        /// The buttons' colour.
        public var preferredControlTintColor: UIColor?
        /// The dismiss button: Done, Close or Cancel.
        public var dismissButtonStyle: SFSafariViewController.DismissButtonStyle = .close
      #endif
      /// The modal presentation style.
      public var modalPresentationStyle: UIModalPresentationStyle = .automatic

      /// The system defaults.
      public init() {}
    }

    /// How the Safari view looks.
    public var appearance: Appearance
    /// The portable decisions this presenter performs. It holds this presenter weakly: the
    /// Safari presenter owns it, and a strong reference back would keep both alive forever.
    public private(set) lazy var presenter: LinkPresenter = {
      let presenter = LinkPresenter(environment: self, policy: initialPolicy)
      presenter.holdEnvironmentWeakly()
      return presenter
    }()
    /// Where each link opens: which links show in-app, which are blocked, the link's own app
    /// first, and the person's browser preference. Set its `preference` from the app's
    /// setting; it applies from the next link.
    public var policy: LinkPolicy {
      get { presenter.policy }
      set { presenter.policy = newValue }
    }
    /// Called when a Safari view this presenter showed goes away, with its URL: closed by the
    /// person, or dismissed by the app (with the view controller that presented it, say).
    public var onDismiss: (@MainActor (URL) -> Void)? {
      get { presenter.onDismiss }
      set { presenter.onDismiss = newValue }
    }

    private let initialPolicy: LinkPolicy

    /// Creates a presenter.
    ///
    /// ```swift
    /// final class ArticleViewController: UIViewController, SafariURLHandling {
    ///   let safariPresenter = SafariURLPresenter(policy: .inApp(["example.com", "*.example.com"]))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - policy: Where each link opens. Defaults to every eligible web link in-app.
    ///   - appearance: How the Safari view looks.
    public init(policy: LinkPolicy = LinkPolicy(), appearance: Appearance = Appearance()) {
      self.initialPolicy = policy
      self.appearance = appearance
    }

    // MARK: LinkPresentationEnvironment

    /// Opens `url` in its app if it is a universal link with an installed app.
    public func openUniversalLink(_ url: URL) async -> Bool {
      await UIApplication.shared.opens(url, universalLinksOnly: true)
    }

    /// Presents `SFSafariViewController` for `url`, exactly the value the policy checked,
    /// modally from `host`.
    public func presentInAppBrowser(
      for url: InAppBrowserURL, from host: any PresentationHost, onDismiss: @escaping @MainActor () -> Void
    ) -> Bool {
      // Where the link opens was decided once, by the policy the chain's end asked, and only
      // a checked web link reaches here (the type says so): nothing is judged again.
      guard let host = host as? UIViewController,
        host.presentedViewController == nil, host.viewIfLoaded?.window != nil
      else { return false }
      let configuration = SFSafariViewController.Configuration()
      configuration.entersReaderIfAvailable = appearance.entersReaderIfAvailable
      #if os(iOS)
        // iOS and Mac Catalyst only: Apple documents no visionOS availability for it.
        configuration.barCollapsingEnabled = appearance.barCollapsingEnabled
      #endif
      let safari = SFSafariViewController(url: url.url, configuration: configuration)
      safari.delegate = self
      #if os(iOS)
        safari.preferredBarTintColor = appearance.preferredBarTintColor
        safari.preferredControlTintColor = appearance.preferredControlTintColor
        safari.dismissButtonStyle = appearance.dismissButtonStyle
      #endif
      safari.modalPresentationStyle = appearance.modalPresentationStyle
      // The lifetime lives as long as the Safari view: the person's close ends it, and so does
      // the view's deallocation when the app dismissed it (SafariServices tells the delegate
      // only about the person's close). Kept on the view itself, not in a table keyed by its
      // address, which a later view could reuse.
      objc_setAssociatedObject(
        safari, Self.lifetimeKey, PresentationLifetime(onEnd: onDismiss), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
      host.present(safari, animated: true)
      return true
    }

    /// The key of a Safari view's `PresentationLifetime`: the address of that class's
    /// metadata, constant and unique in the process, so no global variable is needed.
    fileprivate static var lifetimeKey: UnsafeRawPointer {
      unsafeBitCast(PresentationLifetime.self as AnyClass, to: UnsafeRawPointer.self)
    }

    /// Opens `url` with the system.
    public func openInSystem(_ url: URL) async -> Bool {
      await UIApplication.shared.opens(url, universalLinksOnly: false)
    }
  }

  // The iOS 18 SDK declares `SFSafariViewControllerDelegate` without an actor, while the
  // presenter is `@MainActor`; later SDKs may mark the protocol `@MainActor`. A `nonisolated`
  // witness satisfies the requirement under both declarations, and
  // `MainActor.assumeIsolated` is sound here: SafariServices calls its delegate on the main
  // thread only (it is a view controller's delegate), and were that ever broken the check
  // traps rather than racing.
  extension SafariURLPresenter: SFSafariViewControllerDelegate {
    /// Reports that the person closed a Safari view this presenter showed.
    public nonisolated func safariViewControllerDidFinish(_ controller: SFSafariViewController) {
      MainActor.assumeIsolated {
        (objc_getAssociatedObject(controller, Self.lifetimeKey) as? PresentationLifetime)?.end()
      }
    }
  }

  /// A view controller that declares where the links sent from inside it open: by its
  /// ``SafariURLPresenter``'s policy. Conform, and nothing else is needed.
  ///
  /// ```swift
  /// final class ArticleViewController: UIViewController, SafariURLHandling {
  ///   let safariPresenter = SafariURLPresenter()
  /// }
  /// ```
  ///
  /// It is a declaration, not a handler: the handlers on the chain (the screen's own, its
  /// parents', the app delegate's) are all asked first. When none takes the link, or one
  /// answers `.systemAction`, the chain's end asks the declaration nearest
  /// the link's origin, once, and this presenter shows the link where its policy says: in
  /// Safari from the view controller nearest the link (never after `.systemAction`), its own
  /// app first, the system, or nowhere. A link that opened the app
  /// (`URLHandlingContext.isInbound`) goes to the app's screens, never
  /// to a browser.
  ///
  /// Any responder may declare, and the nearest to the link applies: a view controller for
  /// its screen; the scene delegate (a `UIResponder`, asked at the scene's window) for every
  /// screen of its scene that declares nothing nearer; or the app delegate (a `UIResponder`,
  /// after `UIApplication` in the chain) for every screen of the app.
  ///
  /// ```swift
  /// final class SceneDelegate: UIResponder, UIWindowSceneDelegate, SafariURLHandling {
  ///   var window: UIWindow?
  ///   let safariPresenter = SafariURLPresenter(policy: LinkPolicy(universalLinksFirst: true))
  /// }
  /// ```
  @MainActor
  public protocol SafariURLHandling: UIResponder {
    /// The presenter whose policy decides where the links sent from inside this responder
    /// open, and that shows them. Keep it in a stored property (`let`): the walk records it
    /// weakly as it passes, and one made anew on each read is gone by the chain's end, where a
    /// link whose nearest declaration is gone opens nowhere.
    var safariPresenter: SafariURLPresenter { get }
  }

  extension UIResponder: LinkPresenting {
    /// The presenter a `SafariURLHandling` responder declares; `nil` for any other.
    package var linkPresenter: LinkPresenter? {
      (self as? any SafariURLHandling)?.safariPresenter.presenter
    }
  }

  extension UIWindow: SceneDeclaring {
    /// The presenter the window scene's delegate declares, when it is `SafariURLHandling`:
    /// above the window's own, so it may refuse what that would open.
    package var sceneLinkPresenter: LinkPresenter? {
      (windowScene?.delegate as? any SafariURLHandling)?.safariPresenter.presenter
    }
  }
#endif
