#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
  import SwiftUI
  import URLResponderChainCore

  /// The node of the nearest enclosing link modifier, held weakly: the environment must not
  /// keep an enclosing view's node alive.
  struct EnclosingLinkHandler {
    weak var node: ViewLinkHandler?
  }

  private struct EnclosingLinkHandlerKey: EnvironmentKey {
    static let defaultValue = EnclosingLinkHandler()
  }

  extension EnvironmentValues {
    /// The node a link modifier inside this view continues to.
    var enclosingLinkHandler: EnclosingLinkHandler {
      get { self[EnclosingLinkHandlerKey.self] }
      set { self[EnclosingLinkHandlerKey.self] = newValue }
    }

    /// The node of the innermost link modifier around this view, if any: where a UIKit view
    /// inside SwiftUI (a web view, a text view) starts its links' walks, so the modifiers
    /// around it are asked first.
    package var innermostLinkHandler: ViewLinkHandler? { self[EnclosingLinkHandlerKey.self].node }
  }
#endif
