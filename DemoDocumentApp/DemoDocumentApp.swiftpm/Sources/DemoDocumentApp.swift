import SwiftUI
import UIKit
import URLResponderChain
import URLResponderChainRecovery

/// The app: the same topic rendered in UIKit and in SwiftUI, each under a navigation
/// controller and the topic screen that decides its links, and the browser setting.
@main
struct DemoDocumentApp: App {
  init() {
    // Links that fail offline are checked again by themselves when the network returns.
    RecoveryCoordinator.shared.connectivity = NetworkPathMonitor()
  }

  var body: some Scene {
    WindowGroup {
      TabView {
        TopicNavigation(rendering: .uikit).ignoresSafeArea()
          .tabItem { Label("UIKit", systemImage: "square.stack") }
        TopicNavigation(rendering: .swiftUI).ignoresSafeArea()
          .tabItem { Label("SwiftUI", systemImage: "swift") }
        LinkSettingsView()
          .tabItem { Label("Settings", systemImage: "gear") }
      }
    }
  }
}

/// Hosts the UIKit navigation controller in the SwiftUI window.
struct TopicNavigation: UIViewControllerRepresentable {
  let rendering: TopicViewController.Rendering

  func makeUIViewController(context: Context) -> UINavigationController {
    UINavigationController(
      rootViewController: TopicViewController(topic: BundledDocuments.topic(), rendering: rendering))
  }

  func updateUIViewController(_ controller: UINavigationController, context: Context) {}
}
