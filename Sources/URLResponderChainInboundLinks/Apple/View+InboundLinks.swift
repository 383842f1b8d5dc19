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
    /// When the dispatcher has no scene yet, the foreground window scene is attached.
    ///
    /// ```swift
    /// struct ReaderApp: App {
    ///   var body: some Scene {
    ///     WindowGroup {
    ///       ContentView().deliversInboundLinks(to: links)
    ///     }
    ///   }
    /// }
    /// ```
    public func deliversInboundLinks(to dispatcher: InboundLinkDispatcher) -> some View {
      onOpenURL { url in
        attachSceneIfNeeded(dispatcher)
        dispatcher.receive(url, source: InboundLinkSource(openedURL: url))
      }
      .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
        attachSceneIfNeeded(dispatcher)
        dispatcher.receive(activity)
      }
    }
  }

  @MainActor
  private func attachSceneIfNeeded(_ dispatcher: InboundLinkDispatcher) {
    guard dispatcher.scene == nil else { return }
    let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
    guard let scene = scenes.first(where: { $0.activationState == .foregroundActive }) ?? scenes.first else { return }
    dispatcher.attach(scene)
  }
#endif
