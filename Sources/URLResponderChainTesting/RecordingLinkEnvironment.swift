public import Foundation
public import URLResponderChainCore

/// A `LinkPresentationEnvironment` for tests: "presents" a stand-in browser view controller
/// in the test tree, opens universal links for the hosts you list, and hands system opens
/// to a ``FakeSystemOpener``.
///
/// Like a Safari view, a stand-in browser tells the presenter when it goes away: when the
/// person closes it (``dismissBrowser(showing:)``), or once it is released after the app
/// dismissed it (say, by dismissing the view controller that presented it).
///
/// ```swift
/// let environment = RecordingLinkEnvironment(nativeAppHosts: ["youtu.be"])
/// let presenter = LinkPresenter(environment: environment, policy: LinkPolicy(universalLinksFirst: true))
/// let topic = TestViewController(name: "topic")
/// _ = await presenter.present(url, from: topic)
/// #expect(environment.presentations.map(\.hostName) == ["topic"])
/// ```
@MainActor
public final class RecordingLinkEnvironment: LinkPresentationEnvironment {
  /// One in-app presentation.
  public struct Presentation: Equatable, Sendable {
    /// The URL shown.
    public let url: URL
    /// The name of the test view controller it was presented from.
    public let hostName: String
  }

  /// Hosts (lowercased) whose universal links an installed app opens.
  public var nativeAppHosts: Set<String>
  /// Stands in for the system.
  public let systemOpener: FakeSystemOpener
  /// Universal-link attempts, in order.
  public private(set) var universalLinkAttempts: [URL] = []
  /// Universal links an app opened, in order.
  public private(set) var openedInNativeApp: [URL] = []
  /// In-app presentations, in order.
  public private(set) var presentations: [Presentation] = []
  /// Every host a presentation was attempted from, including ones UIKit would refuse.
  public private(set) var presentationAttempts: [Presentation] = []
  /// Every URL the in-app browser was asked to show. A real `SFSafariViewController`
  /// raises an exception for anything but http(s); tests assert this never holds one.
  public private(set) var browserRequests: [URL] = []
  /// The stand-in browsers showing now, held weakly: whoever dismisses one (the person
  /// through ``dismissBrowser(showing:)``, or the app by dismissing what presented it) frees
  /// it, and its presentation ends with it, as a Safari view's does.
  private var browsers: [(url: URL, controller: Weak<BrowserStandIn>)] = []

  /// Creates an environment.
  public init(nativeAppHosts: Set<String> = [], systemOpener: FakeSystemOpener = FakeSystemOpener()) {
    self.nativeAppHosts = nativeAppHosts
    self.systemOpener = systemOpener
  }

  /// Opens `url` "in its app" if its host is listed.
  public func openUniversalLink(_ url: URL) async -> Bool {
    universalLinkAttempts.append(url)
    guard let host = url.host?.lowercased(), nativeAppHosts.contains(host) else { return false }
    openedInNativeApp.append(url)
    return true
  }

  /// Presents a stand-in browser from `host`, as UIKit would (one presentation at a time).
  public func presentInAppBrowser(
    for shown: InAppBrowserURL, from host: any PresentationHost, onDismiss: @escaping @MainActor () -> Void
  ) -> Bool {
    let url = shown.url
    browserRequests.append(url)
    guard let host = host as? TestViewController else { return false }
    presentationAttempts.append(Presentation(url: url, hostName: host.name))
    let browser = BrowserStandIn(
      name: "browser(\(url.absoluteString))", lifetime: PresentationLifetime(onEnd: onDismiss))
    guard host.present(browser) else { return false }
    presentations.append(Presentation(url: url, hostName: host.name))
    browsers.removeAll { $0.controller.object == nil }
    browsers.append((url, Weak(browser)))
    return true
  }

  /// Hands `url` to the ``systemOpener``.
  public func openInSystem(_ url: URL) async -> Bool { systemOpener.open(url) }

  /// The person closes the browser showing `url`: it is dismissed and the presenter told.
  ///
  /// A browser the app dismisses (say, with the view controller that presented it) tells the
  /// presenter too, once it is released, as a Safari view does.
  public func dismissBrowser(showing url: URL) {
    guard let index = browsers.firstIndex(where: { $0.url == url && $0.controller.object != nil }),
      let browser = browsers.remove(at: index).controller.object
    else { return }
    browser.lifetime.end()
    browser.dismiss()
  }
}

/// A stand-in in-app browser: the presentation's lifetime lives as long as it does.
@MainActor
private final class BrowserStandIn: TestViewController {
  let lifetime: PresentationLifetime

  init(name: String, lifetime: PresentationLifetime) {
    self.lifetime = lifetime
    super.init(name: name)
  }
}

/// A weak reference, for a list of objects it must not keep alive.
@MainActor
private struct Weak<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object) { self.object = object }
}
