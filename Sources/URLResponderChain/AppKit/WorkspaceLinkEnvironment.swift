#if canImport(AppKit) && !targetEnvironment(macCatalyst)
  public import AppKit
  public import Foundation
  public import URLResponderChainCore

  /// The macOS counterpart of `SafariURLPresenter`: there is no in-app Safari view on the
  /// Mac, so a ``URLResponderChainCore/LinkPresenter`` with this environment opens accepted
  /// links with `NSWorkspace` (universal links in their apps, the rest in the default browser).
  ///
  /// ```swift
  /// let presenter = LinkPresenter(environment: WorkspaceLinkEnvironment())
  /// ```
  @MainActor
  public final class WorkspaceLinkEnvironment: LinkPresentationEnvironment {
    /// Creates an environment.
    public init() {}

    /// The workspace opens universal links in their apps itself; nothing to try first.
    public func openUniversalLink(_ url: URL) async -> Bool { false }

    /// There is no in-app browser on the Mac.
    public func presentInAppBrowser(
      for url: EligibleURL, from host: any PresentationHost, onDismiss: @escaping @MainActor () -> Void
    ) -> Bool { false }

    /// Opens `url` with `NSWorkspace.shared.open(_:)`.
    public func openInSystem(_ url: URL) async -> Bool { NSWorkspace.shared.open(url) }
  }
#endif
