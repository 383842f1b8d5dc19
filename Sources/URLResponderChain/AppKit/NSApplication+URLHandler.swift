#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  package import AppKit
  package import Foundation
  import URLResponderChainCore

  /// The application, at the end of an AppKit chain, is where the walk decides what nobody
  /// else handled, as `UIApplication` is; with no declaration, a link opens with
  /// `NSWorkspace.shared.open(_:)` (a scheme of a document's own never does).
  extension NSApplication: SystemURLOpener {
    package func openInSystem(_ url: URL) async -> Bool {
      NSWorkspace.shared.open(url)
    }
  }
#endif
