#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  import Foundation
  public import SwiftUI
  import UIKit
  import URLResponderChainCore
  import URLResponderChain

  extension View {
    /// Hands links that open the app (`.onOpenURL`, and browsing activities through
    /// `.onContinueUserActivity`) to `dispatcher`, which delivers them up the responder chain
    /// of the scene's key window. Nothing is decided here.
    ///
    /// When the dispatcher has no scene yet, the scene this view is shown in is attached, as
    /// soon as the view is in a window; a link that arrives before waits for it. Give each
    /// scene a dispatcher of its own (state of the window group's root view, as below):
    /// SwiftUI hands a link to the views of the scene it opened, and that scene's screens are
    /// where it belongs.
    ///
    /// ```swift
    /// struct ReaderApp: App {
    ///   var body: some Scene {
    ///     WindowGroup { ReaderWindow() }  // one for each window
    ///   }
    /// }
    ///
    /// struct ReaderWindow: View {
    ///   @State private var links = try! InboundLinkDispatcher(
    ///     scene: nil, configuration: InboundLinkConfiguration(associatedDomains: ["example.com"]))
    ///
    ///   var body: some View {
    ///     ContentView().deliversInboundLinks(to: links)
    ///   }
    /// }
    /// ```
    public func deliversInboundLinks(to dispatcher: InboundLinkDispatcher) -> some View {
      background(InboundSceneAnchor(dispatcher: dispatcher).allowsHitTesting(false).accessibilityHidden(true))
        .onOpenURL { url in dispatcher.receive(url, source: InboundLinkSource(openedURL: url)) }
        .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in dispatcher.receive(activity) }
    }
  }

  /// An empty view behind the content that attaches the scene of its window to a dispatcher
  /// that has none: the scene the view, and the links SwiftUI hands it, belong to.
  private struct InboundSceneAnchor: UIViewRepresentable {
    let dispatcher: InboundLinkDispatcher

    func makeUIView(context: Context) -> SceneAttachingView { SceneAttachingView(dispatcher) }

    func updateUIView(_ view: SceneAttachingView, context: Context) {
      view.dispatcher = dispatcher
      view.attachScene()
    }
  }

  /// Offers its window's scene to ``dispatcher`` when it joins a window (the dispatcher keeps
  /// the first, `attachUnlessAttached(_:)`). It holds the dispatcher weakly: the app owns it.
  private final class SceneAttachingView: UIView {
    weak var dispatcher: InboundLinkDispatcher?

    init(_ dispatcher: InboundLinkDispatcher) {
      self.dispatcher = dispatcher
      super.init(frame: .zero)
      isUserInteractionEnabled = false
      isAccessibilityElement = false
      accessibilityElementsHidden = true
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

    override func didMoveToWindow() {
      super.didMoveToWindow()
      attachScene()
    }

    func attachScene() {
      guard let scene = window?.windowScene else { return }
      dispatcher?.attachUnlessAttached(scene)
    }
  }
#endif
