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
      // The scene of the window this view joins is the one SwiftUI hands its links to; the
      // dispatcher keeps the first it is offered (`attachUnlessAttached(_:)`), and the anchor
      // holds it weakly: the app owns it.
      windowAnchor { [weak dispatcher] anchor in
        if let scene = anchor.window?.windowScene { dispatcher?.attachUnlessAttached(scene) }
      }
      .onOpenURL { url in dispatcher.receive(url, source: InboundLinkSource(openedURL: url)) }
      .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in dispatcher.receive(activity) }
    }
  }
#endif
