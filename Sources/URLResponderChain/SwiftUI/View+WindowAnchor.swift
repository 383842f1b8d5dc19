#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  package import SwiftUI
  package import UIKit

  extension View {
    /// Places an empty, untouchable view behind this one, in the hosting controller's view
    /// hierarchy, and calls `update` with it when it is made, when SwiftUI updates it and
    /// when it joins a window.
    ///
    /// A link modifier anchors its node there: the anchor's responder chain (superviews, the
    /// hosting controller, its parents, the window, the application) is where the node hands
    /// over when no enclosing modifier is left. An inbound link dispatcher learns the scene of
    /// the anchor's window there.
    package func windowAnchor(_ update: @escaping @MainActor (UIView) -> Void) -> some View {
      background(WindowAnchor(update: update).allowsHitTesting(false).accessibilityHidden(true))
    }
  }

  private struct WindowAnchor: UIViewRepresentable {
    let update: @MainActor (UIView) -> Void

    func makeUIView(context: Context) -> AnchorView {
      let view = AnchorView()
      view.isUserInteractionEnabled = false
      view.isAccessibilityElement = false
      view.accessibilityElementsHidden = true
      updateUIView(view, context: context)
      return view
    }

    func updateUIView(_ view: AnchorView, context: Context) {
      view.update = update
      update(view)
    }
  }

  /// Calls its `update` when it joins or leaves a window, as well as at SwiftUI's updates.
  private final class AnchorView: UIView {
    var update: @MainActor (UIView) -> Void = { _ in }

    override func didMoveToWindow() {
      super.didMoveToWindow()
      update(self)
    }
  }
#endif
