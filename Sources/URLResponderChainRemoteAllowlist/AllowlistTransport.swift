public import Foundation
import URLResponderChainCore

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif

/// One HTTP response as the allowlist client sees it.
public struct HTTPExchange: Sendable, Equatable {
  /// The status code.
  public let status: Int
  /// Header fields, names lowercased.
  public let headers: [String: String]
  /// The body, never longer than the byte limit it was read with.
  public let body: Data

  /// Creates a response.
  public init(status: Int, headers: [String: String], body: Data) {
    self.status = status
    self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }) { $1 }
    self.body = body
  }
}

/// Sends the allowlist request. ``URLSessionAllowlistTransport`` is the real one; tests may
/// inject their own.
public protocol AllowlistTransport: Sendable {
  /// Sends `request` and returns the response, reading at most `byteLimit` bytes of body
  /// and giving up after `timeout`.
  ///
  /// - Throws: ``RemoteAllowlistFailure`` (`.unreachable`, `.timedOut`, `.tooLarge`, `.cancelled`).
  func send(_ request: URLRequest, byteLimit: Int, timeout: Duration) async throws(RemoteAllowlistFailure)
    -> HTTPExchange
}
