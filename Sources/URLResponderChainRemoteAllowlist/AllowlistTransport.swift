package import Foundation
import URLResponderChainCore

#if canImport(FoundationNetworking)
  package import FoundationNetworking
#endif

/// One HTTP response as the allowlist client sees it.
package struct HTTPExchange: Sendable, Equatable {
  /// The status code.
  package let status: Int
  /// Header fields, names lowercased. Fields whose names differ only in case are one field,
  /// their values joined with `, ` as repeated lines are (RFC 9110 §5.3).
  package let headers: [String: String]
  /// The body, never longer than the byte limit it was read with.
  package let body: Data

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: Header fields as the transport read them. A name is compared without
  ///     regard to ASCII case: `Cache-Control` and `cache-control` are one field, so neither
  ///     line is lost (a `no-store` on one of them still counts).
  ///   - body: The body.
  package init(status: Int, headers: [String: String], body: Data) {
    self.status = status
    // The lines of one field, in the order of their names as written, so that the joined
    // value does not depend on the dictionary's order; joined once, so that a field a hostile
    // server spells thousands of ways costs a sort, not a copy of the value per line.
    var lines: [String: [String]] = [:]
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      lines[HTTPFieldValue.asciiLowercased(name), default: []].append(value)
    }
    self.headers = lines.mapValues { $0.joined(separator: ", ") }
    self.body = body
  }
}

/// Sends the allowlist request. ``URLSessionAllowlistTransport`` is the real one; tests may
/// inject their own.
package protocol AllowlistTransport: Sendable {
  /// Sends `request` and returns the response, reading at most `byteLimit` bytes of body
  /// and giving up after `timeout`.
  ///
  /// - Throws: ``RemoteAllowlistFailure`` (`.unreachable`, `.timedOut`, `.tooLarge`, `.cancelled`).
  func send(_ request: URLRequest, byteLimit: Int, timeout: Duration) async throws(RemoteAllowlistFailure)
    -> HTTPExchange
}
