#if canImport(UIKit) && !os(watchOS)
  package import Foundation
  package import UIKit
  import URLResponderChainCore

  /// The application, at the end of every UIKit chain, is where the walk decides what nobody
  /// else handled: the walk passes it, asks its delegate, and then the declaration nearest
  /// the link decides (every one above may refuse). With no declaration, the system opens the
  /// link (a scheme of a document's own, such as `javascript:` or `file:`, never): from the
  /// window scene the tap came from where one is known, through the application otherwise.
  extension UIApplication: SystemURLOpener {
    package func openInSystem(_ url: URL) async -> Bool {
      await opens(url, universalLinksOnly: false)
    }
  }

  extension UIApplication {
    /// Asks the system to open `url` (only in its own app, when `universalLinksOnly`), and
    /// waits for whether it did: every way this layer opens a link ends here.
    func opens(_ url: URL, universalLinksOnly: Bool) async -> Bool {
      await open(url, options: universalLinksOnly ? [.universalLinksOnly: true] : [:])
    }
  }
#endif
