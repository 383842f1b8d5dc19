public import Foundation
public import URLResponderChainCore

extension URLPropagationOptions {
  /// Where the URL came from when it arrived from outside the app (a universal link, the
  /// app's scheme, Handoff, a notification); `nil` for a link tapped in the app.
  /// ``InboundLinkDispatcher`` sets it. The system-browser fallback at the end of the chain
  /// (`UIApplication`, `NSApplication`) passes inbound links on instead of bouncing the user
  /// out of the app; handlers read it from ``URLResponderChainCore/URLHandlingContext/inboundSource``.
  public var inboundSource: InboundLinkSource? {
    get { inboundSourceName.flatMap(InboundLinkSource.init(rawValue:)) }
    set { inboundSourceName = newValue?.rawValue }
  }
}

extension URLHandlingContext {
  /// Where the URL came from when it arrived from outside the app; `nil` for a link tapped
  /// in it (``URLResponderChainCore/URLHandlingContext/isInbound`` is `false`).
  public var inboundSource: InboundLinkSource? { inboundSourceName.flatMap(InboundLinkSource.init(rawValue:)) }

  /// Creates a context for calling a handler directly with a link that opened the app, for
  /// example in a unit test.
  ///
  /// - Parameters:
  ///   - originalURL: The URL as it was first propagated.
  ///   - origin: The node the propagation started from. It is held weakly.
  ///   - hop: The position of the asked node in the chain.
  ///   - inboundSource: Where the link came from.
  @MainActor
  public init(originalURL: URL, origin: any ResponderChainNode, hop: Int = 0, inboundSource: InboundLinkSource) {
    self.init(
      originalURL: originalURL, origin: origin, hop: hop, inboundSourceName: inboundSource.rawValue, isDryRun: false)
  }
}
