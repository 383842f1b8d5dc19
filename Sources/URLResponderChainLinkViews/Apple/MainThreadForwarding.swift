#if canImport(UIKit) && (os(iOS) || os(visionOS))
  package import Foundation

  /// The app's delegate a link-routing delegate forwards `selector` to, found by `find` on the
  /// main actor, for `forwardingTarget(for:)`, which the Objective-C runtime declares
  /// nonisolated. The text, web and PDF view delegates share it, so the one unchecked step is
  /// here once.
  ///
  /// UIKit, WebKit and PDFKit ask a view's delegate on the main thread, where the view is used,
  /// so `MainActor.assumeIsolated` is sound (were that ever broken it traps rather than races).
  /// It runs `find` synchronously on this thread, and the delegate goes straight back to the
  /// runtime on the same thread: no other thread sees `target`, so leaving it unchecked is
  /// sound.
  package nonisolated func mainThreadForwardingTarget(
    _ find: @MainActor () -> (any NSObjectProtocol)?
  ) -> (any NSObjectProtocol)? {
    nonisolated(unsafe) var target: (any NSObjectProtocol)?
    MainActor.assumeIsolated { target = find() }
    return target
  }
#endif
