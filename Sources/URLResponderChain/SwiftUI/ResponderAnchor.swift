#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  import SwiftUI
  import UIKit
  import URLResponderChainCore

  /// An empty, untouchable view a link modifier places behind its content. It is in the
  /// hosting controller's view hierarchy, so its responder chain (superviews, the hosting
  /// controller, its parents, the window, the application) is where the modifier's node
  /// hands over when no enclosing modifier is left.
  struct ResponderAnchor: UIViewRepresentable {
    let node: ViewLinkHandler

    func makeUIView(context: Context) -> UIView {
      let view = UIView()
      view.isUserInteractionEnabled = false
      view.isAccessibilityElement = false
      view.accessibilityElementsHidden = true
      node.anchor = view
      return view
    }

    func updateUIView(_ view: UIView, context: Context) {
      node.anchor = view
    }
  }
#endif
