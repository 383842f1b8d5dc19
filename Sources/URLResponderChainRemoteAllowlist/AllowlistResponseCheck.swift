import Foundation
import URLResponderChainCore

/// What a response must look like before its body is read as an allowlist. Each rule refuses
/// something a hostile or broken endpoint sends in place of the list.
enum AllowlistResponseCheck {
  /// The most bytes of header fields (names and values) accepted; more is refused, whatever
  /// the transport let through.
  static let headerByteLimit = 64 * 1024

  /// Whether `exchange` is a web page answered in place of the list (`200`, `text/html`): what
  /// a captive portal's sign-in page looks like to the client.
  static func isWebPage(_ exchange: HTTPExchange) -> Bool {
    guard exchange.status == 200, let contentType = exchange.headers["content-type"] else { return false }
    return contentType.lowercased().trimmingPrefix(while: { $0 == " " }).hasPrefix("text/html")
  }

  /// Why `exchange` cannot be an allowlist response, or `nil` when it may be one.
  ///
  /// - Parameter sentValidator: Whether the request carried `If-None-Match` or
  ///   `If-Modified-Since`; a `304` answers only such a request (RFC 9110 §15.4.5).
  static func problem(with exchange: HTTPExchange, sentValidator: Bool) -> String? {
    let headerBytes = exchange.headers.reduce(0) { $0 + $1.key.utf8.count + $1.value.utf8.count + 4 }
    if headerBytes > headerByteLimit {
      return "its header fields take \(headerBytes) bytes, more than \(headerByteLimit)"
    }
    if let problem = framingProblem(exchange.headers) { return problem }
    switch exchange.status {
    case 304 where !sentValidator:
      return "a 304 Not Modified answered a request that sent no validator"
    case 200:
      guard let contentType = exchange.headers["content-type"] else {
        return "it has no Content-Type (expected application/json)"
      }
      guard isJSON(contentType) else {
        return
          "its Content-Type is \"\(contentType.shownEscaped(limit: 80))\", not application/json (a captive portal's page?)"
      }
      if let encoding = exchange.headers["content-encoding"], !isIdentity(encoding) {
        return
          "it came with Content-Encoding \"\(encoding.shownEscaped(limit: 40))\" though it was asked for uncompressed "
          + "(identity): a compressed body's completeness cannot be verified"
      }
      // One rule for both codings (RFC 9110 §8.4, RFC 9112 §6.1): a transfer coding other
      // than `chunked` compresses the body as a content coding does, and a cut stream of it
      // reads as a shorter list just the same.
      if let encoding = exchange.headers["transfer-encoding"], !isChunkedOnly(encoding) {
        return
          "it came with Transfer-Encoding \"\(encoding.shownEscaped(limit: 40))\", a coding other than chunked: "
          + "a compressed body's completeness cannot be verified"
      }
      if exchange.body.isEmpty { return "its body is empty" }
      return nil
    default:
      return nil
    }
  }

  /// Whether a `Content-Encoding` field names no coding: empty, or only `identity`.
  /// Why the message's framing is invalid (RFC 9112 §6.3), or `nil`.
  ///
  /// - `Transfer-Encoding` with `Content-Length` (§6.3 item 3): the former overrides the
  ///   latter, and such a message "ought to be handled as an error": it is how requests are
  ///   smuggled and responses split.
  /// - A `Content-Length` that is not one decimal number (§6.3 item 5): several different
  ///   values (`52, 59`, however many lines they came in) or anything but digits make the
  ///   framing invalid, and a user agent must discard the response. A list of one value
  ///   repeated (`52, 52`) stands for that value (RFC 9110 §8.6).
  static func framingProblem(_ headers: [String: String]) -> String? {
    guard let length = headers["content-length"] else { return nil }
    if headers["transfer-encoding"] != nil {
      return "it came with both Transfer-Encoding and Content-Length (RFC 9112 §6.3: a smuggling attempt)"
    }
    let values = Set(length.split(separator: ",").map { HTTPFieldValue.trimmed($0) })
    guard values.count == 1, let value = values.first, !value.isEmpty,
      value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
    else {
      return "its Content-Length \"\(length.shownEscaped(limit: 40))\" is not one number (RFC 9112 §6.3)"
    }
    return nil
  }

  static func isIdentity(_ contentEncoding: String) -> Bool {
    HTTPFieldValue.members(of: contentEncoding[...]).allSatisfy { HTTPFieldValue.matches($0, token: "identity") }
  }

  /// Whether a `Transfer-Encoding` field names only `chunked` (and `identity`, which older
  /// servers still send): the framing, which HTTP itself checks, and no compression.
  static func isChunkedOnly(_ transferEncoding: String) -> Bool {
    HTTPFieldValue.members(of: transferEncoding[...]).allSatisfy {
      HTTPFieldValue.matches($0, token: "chunked") || HTTPFieldValue.matches($0, token: "identity")
    }
  }

  /// `application/json` or any `+json` type (RFC 6839), parameters ignored, case-insensitive.
  static func isJSON(_ contentType: String) -> Bool {
    let field = contentType.utf8
    let mediaType = HTTPFieldValue.trimmed(contentType[..<(field.firstIndex(of: UInt8(ascii: ";")) ?? field.endIndex)])
    if HTTPFieldValue.matches(mediaType, token: "application/json") { return true }
    // type "/" subtype, the subtype a token (RFC 9110 §8.3.1) ending in "+json"; offsets in bytes.
    let bytes = mediaType.utf8
    let prefix = "application/".utf8.count
    guard bytes.count > prefix + "+json".utf8.count,
      HTTPFieldValue.matches(mediaType[..<bytes.index(bytes.startIndex, offsetBy: prefix)], token: "application/"),
      HTTPFieldValue.matches(mediaType[bytes.index(bytes.endIndex, offsetBy: -5)...], token: "+json")
    else { return false }
    return bytes.dropFirst(prefix).allSatisfy(HTTPFieldValue.isTokenCharacter)
  }
}
