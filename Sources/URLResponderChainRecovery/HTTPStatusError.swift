public import Foundation
import URLResponderChainCore

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif

/// An HTTP response whose status says the request failed, for the app's own requests run
/// under a ``RecoveryCoordinator``: the default ``RecoveryClassifier`` reads its status.
///
/// ```swift
/// let (data, response) = try await session.data(for: request)
/// try HTTPStatusError.check(response)   // throws for 4xx and 5xx
/// let items = try JSONDecoder().decode([Item].self, from: data)
/// ```
public struct HTTPStatusError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The response's status code.
  public let statusCode: Int
  /// The URL that answered, when known.
  public let url: URL?

  /// Creates an error for `statusCode` from `url`.
  public init(statusCode: Int, url: URL? = nil) {
    self.statusCode = statusCode
    self.url = url
  }

  /// Throws an ``HTTPStatusError`` when `response` is an HTTP response with a status of 400 or
  /// more; does nothing for other statuses and for responses that are not HTTP.
  public static func check(_ response: URLResponse) throws(HTTPStatusError) {
    guard let http = response as? HTTPURLResponse, http.statusCode >= 400 else { return }
    throw HTTPStatusError(statusCode: http.statusCode, url: http.url)
  }

  /// `HTTP 503 from https://api.example.com/items`.
  public var description: String {
    "HTTP \(statusCode)" + (url.map { " from \($0.absoluteString)" } ?? "")
  }
}
