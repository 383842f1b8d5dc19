public import Foundation
public import URLResponderChainCore

/// A handler for tests: records every URL it is asked about and answers as scripted.
///
/// Place it anywhere in a chain by giving it a ``next`` node.
///
/// ```swift
/// let app = TestApplication()
/// let topicPage = URL(string: "https://example.com/topic")!
/// let handler = RecordingURLHandler(name: "topic", next: app) { url, _ in
///   url == topicPage ? .handled : .notHandled
/// }
/// let result = await handler.propagateURL(url)
/// #expect(handler.receivedURLs == [url])
/// ```
@MainActor
public final class RecordingURLHandler: TestResponder, AsyncURLHandler {
  /// The node after this one.
  public var next: (any ResponderChainNode)?
  /// Decides each URL; may suspend to simulate a remote check.
  public var decide: @MainActor (URL, URLHandlingContext) async -> URLHandlingDecision
  /// Every URL asked about, in order.
  public private(set) var receivedURLs: [URL] = []
  /// The original URL of each propagation that asked, in order.
  public private(set) var receivedOriginalURLs: [URL] = []

  /// Creates a handler answering `decision` for every URL.
  public convenience init(name: String, next: (any ResponderChainNode)? = nil, answering decision: URLHandlingDecision)
  {
    self.init(name: name, next: next) { _, _ in decision }
  }

  /// Creates a handler whose answers come from `decide`.
  public init(
    name: String,
    next: (any ResponderChainNode)? = nil,
    decide: @escaping @MainActor (URL, URLHandlingContext) async -> URLHandlingDecision
  ) {
    self.next = next
    self.decide = decide
    super.init(name: name)
  }

  /// The ``next`` node.
  override public var nextNode: (any ResponderChainNode)? { next }

  /// Records `url` and answers with ``decide``.
  public func decideURL(_ url: URL, context: URLHandlingContext) async -> URLHandlingDecision {
    receivedURLs.append(url)
    receivedOriginalURLs.append(context.originalURL)
    return await decide(url, context)
  }
}
