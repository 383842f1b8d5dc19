import SwiftUI
import UIKit
import URLResponderChain
import URLResponderChainRecovery

/// The app: one window whose UIKit hierarchy is navigation → topic → grid → documents → links.
@main
struct DemoDocumentApp: App {
  init() {
    // Links that fail offline are checked again by themselves when the network returns.
    RecoveryCoordinator.shared.connectivity = NetworkPathMonitor()
  }

  var body: some Scene {
    WindowGroup {
      TopicNavigation().ignoresSafeArea()
    }
  }
}

/// Hosts the UIKit navigation controller in the SwiftUI window.
struct TopicNavigation: UIViewControllerRepresentable {
  func makeUIViewController(context: Context) -> UINavigationController {
    UINavigationController(rootViewController: TopicViewController(topic: BundledDocuments.topic()))
  }

  func updateUIViewController(_ controller: UINavigationController, context: Context) {}
}
