#if canImport(UIKit) && canImport(SwiftUI) && canImport(SafariServices) && os(iOS)
  import SafariServices
  import SwiftUI
  import UIKit
  import URLResponderChain
  import URLResponderChainErrorHandling

  /// A view that hands out its environment's `openURL` once it appears, as a `Link` inside it
  /// would use it.
  private struct OpensLinks: View {
    let appeared: @MainActor (OpenURLAction) -> Void
    @Environment(\.openURL) private var openURL

    var body: some View {
      Color.clear.onAppear { appeared(openURL) }
    }
  }

  extension AppleLayerScenarios {
    /// The declaration and the alerts modifier work in either order: a web link the declared
    /// policy shows in-app is presented from the hosting controller, and a link it discards
    /// is discarded (SwiftUI is never told to open it itself).
    public static func swiftUIModifiersInEitherOrder() async -> [String] {
      var failures: [String] = []
      for declarationFirst in [true, false] {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
        var hosting: UIViewController?
        let openURL: OpenURLAction = await withCheckedContinuation { appeared in
          var once = true
          let content = OpensLinks { action in
            guard once else { return }
            once = false
            appeared.resume(returning: action)
          }
          let view: AnyView =
            declarationFirst
            ? AnyView(content.presentsLinksInSafari(policy: LinkPolicy()).presentsLinkErrorsAsAlerts())
            : AnyView(content.presentsLinkErrorsAsAlerts().presentsLinksInSafari(policy: LinkPolicy()))
          hosting = UIHostingController(rootView: view)
          window.rootViewController = hosting
          window.makeKeyAndVisible()
        }
        let order = declarationFirst ? "declaration first" : "alerts first"
        let script = await withCheckedContinuation { done in
          openURL(URL(string: "javascript:alert(1)")!) { done.resume(returning: $0) }
        }
        if script { failures.append("\(order): SwiftUI accepted a javascript: link") }
        let web = await withCheckedContinuation { done in
          openURL(URL(string: "https://www.swift.org/")!) { done.resume(returning: $0) }
        }
        if !web { failures.append("\(order): a web link was not taken") }
        if !(hosting?.presentedViewController is SFSafariViewController) {
          failures.append("\(order): no Safari view was presented from the hosting controller")
        }
        hosting?.dismiss(animated: false)
        window.isHidden = true
      }
      return failures
    }
  }
#endif
