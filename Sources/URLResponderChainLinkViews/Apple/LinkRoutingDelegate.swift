#if canImport(UIKit) && canImport(SafariServices) && (os(iOS) || os(visionOS))
  package import Foundation
  package import UIKit
  package import URLResponderChainCore

  /// What the text, web and PDF view delegates share: the app's own delegates, which keep
  /// every callback the link-routing delegate does not implement, and where the view's links
  /// go up the chain from. The Objective-C forwarding is written once, here: each class
  /// answers the runtime's two questions with ``appDelegate(for:)``.
  ///
  /// ```swift
  /// override public nonisolated func responds(to aSelector: Selector!) -> Bool {
  ///   super.responds(to: aSelector) || appDelegate(for: aSelector) != nil
  /// }
  ///
  /// override public nonisolated func forwardingTarget(for aSelector: Selector!) -> Any? {
  ///   appDelegate(for: aSelector) ?? super.forwardingTarget(for: aSelector)
  /// }
  /// ```
  ///
  /// (A public class cannot inherit from a package one, so the two overrides stay in each
  /// class, one line each.)
  @MainActor
  package protocol LinkRoutingDelegate: NSObject, Sendable {
    /// The app's own delegates, held weakly, in the order a callback is forwarded to them.
    var appDelegates: [(any NSObjectProtocol)?] { get }
    /// The innermost SwiftUI link modifier around the view (`attach(to:in:)`), where its
    /// links' walks start; `nil` starts them at the view.
    var enclosingModifier: ViewLinkHandler? { get }
    /// Called with each propagation's result, for logging or reporting.
    var onResult: (@MainActor @Sendable (URLPropagationResult) -> Void)? { get }
  }

  extension LinkRoutingDelegate {
    /// The first of the app's delegates that implements `selector`, or `nil`: where the
    /// runtime forwards a callback this delegate does not implement, and whom a callback it
    /// owns hands an item it does not route.
    ///
    /// The Objective-C runtime asks `responds(to:)` and `forwardingTarget(for:)` from any
    /// thread in principle, so both are nonisolated. UIKit, WebKit and PDFKit ask a view's
    /// delegate on the main thread only, where the view is used, so `MainActor.assumeIsolated`
    /// is sound; were that ever broken it traps rather than races. The delegate is found
    /// synchronously on this thread and goes straight back to the runtime on the same thread:
    /// no other thread sees `target`, so leaving it unchecked is sound.
    package nonisolated func appDelegate(for selector: Selector) -> (any NSObjectProtocol)? {
      nonisolated(unsafe) var target: (any NSObjectProtocol)?
      MainActor.assumeIsolated { target = appDelegates.lazy.compactMap { $0 }.first { $0.responds(to: selector) } }
      return target
    }

    /// The app's delegate to keep when this one becomes a view's delegate: `kept` when the
    /// app set one already, else `existing`, the view's delegate until now (unless that is
    /// this one, attached again).
    package func delegateToKeep<Delegate>(_ kept: Delegate?, else existing: Delegate?) -> Delegate? {
      kept ?? existing.flatMap { ($0 as AnyObject) === self ? nil : $0 }
    }

    /// Where `view`'s links go up the chain from: the innermost link modifier around it,
    /// else the view, with their results reported to ``onResult``.
    package func origin(_ view: UIView) -> LinkOrigin {
      LinkOrigin(view: view, enclosingModifier: enclosingModifier, onResult: onResult)
    }
  }
#endif
