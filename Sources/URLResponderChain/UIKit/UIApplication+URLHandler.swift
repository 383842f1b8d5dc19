#if canImport(UIKit) && !os(watchOS)
  public import Foundation
  public import UIKit
  public import URLResponderChainCore

  /// The application, at the end of every UIKit chain, opens what nobody else handled.
  ///
  /// A URL that reaches `UIApplication` is handed to the system with
  /// `open(_:options:completionHandler:)`: web links open in the default browser, other
  /// schemes in the app registered for them. The decision is
  /// ``URLResponderChainCore/URLHandlingDecision/handled`` exactly when the system opened it.
  extension UIApplication: URLHandler {
    /// Asks the system to open `url`; handled if and only if it did.
    public func handleURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
      let opened = await withCheckedContinuation { continuation in
        open(url, options: [:]) { opened in continuation.resume(returning: opened) }
      }
      return opened ? .handled : .notHandled
    }
  }
#endif
