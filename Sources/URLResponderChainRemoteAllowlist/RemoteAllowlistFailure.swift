import URLResponderChainCore

/// Why no fresh allowlist could be had from the endpoint: classes an app can act on.
public enum RemoteAllowlistFailure: Error, Sendable, Equatable {
  /// Offline, connection refused, host not found: the endpoint could not be reached.
  case unreachable(String)
  /// The request or the whole fetch took longer than its timeout.
  case timedOut
  /// The server answered with a 5xx status (or another status that is not usable).
  case serverError(status: Int)
  /// 401 or 403: the app's credentials were refused.
  case notAuthenticated(status: Int)
  /// The response was not a valid allowlist document (with the problems).
  case invalidDocument(String)
  /// The response was longer than the byte limit; reading stopped there.
  case tooLarge(limit: Int)
  /// The endpoint redirected where the allowlist is not trusted from: another origin, https
  /// to http, a malformed target or too many hops. Nothing from there is read or cached.
  case redirectRefused(String)
  /// The response head arrived but its body did not, whole and decodable: chunked encoding
  /// that breaks off, a `Content-Length` longer than the body, a corrupt `Content-Encoding`.
  case incompleteResponse(String)
  /// The response is not an allowlist response at all: not JSON, empty, headers too large,
  /// compressed although it was asked for uncompressed, or a `304` to a request that sent no
  /// validator.
  case malformedResponse(String)
  /// The network answered with a web page of its own in place of the list (`200` with
  /// `text/html`): most often a Wi-Fi network's sign-in page (a captive portal), which the
  /// person must get past before any list can be had.
  case captivePortal(String)
  /// The document is not the one the configuration pins (``AllowlistIntegrity``): its
  /// SHA-256 is not pinned, or its signature is missing or does not verify.
  case integrityFailed(String)
  /// The endpoint is plain `http` and the cache folder holds a list fetched over `https`,
  /// which an `http` list never replaces.
  case downgradeRefused(String)
  /// The waiting check was cancelled.
  case cancelled
}

extension RemoteAllowlistFailure: CustomStringConvertible {
  /// A sentence for logs and for `url-allowlist` verdicts.
  public var description: String {
    switch self {
    case .unreachable(let detail): "the allowlist server could not be reached (\(detail))"
    case .timedOut: "the allowlist server did not answer in time"
    case .serverError(let status): "the allowlist server failed (HTTP \(status))"
    case .notAuthenticated(let status): "the allowlist server refused our credentials (HTTP \(status))"
    case .invalidDocument(let problems): "the allowlist server sent an invalid allowlist: \(problems)"
    case .tooLarge(let limit): "the allowlist is larger than \(limit) bytes"
    case .redirectRefused(let reason): "the allowlist server's redirect was refused: \(reason)"
    case .incompleteResponse(let detail): "the allowlist server's response could not be read to its end (\(detail))"
    case .malformedResponse(let reason): "the allowlist server's response is not an allowlist: \(reason)"
    case .captivePortal(let reason): "the network answered with a page of its own (a sign-in page?): \(reason)"
    case .integrityFailed(let reason): "the allowlist failed its integrity check: \(reason)"
    case .downgradeRefused(let reason): "the allowlist was refused: \(reason)"
    case .cancelled: "the allowlist check was cancelled"
    }
  }

  /// Whether trying again may help: timeouts, unreachable, a body that broke off, 5xx, 408 and 429.
  var isRetryable: Bool {
    switch self {
    case .unreachable, .timedOut, .incompleteResponse: true
    case .serverError(let status): status >= 500 || status == 408 || status == 429
    case .notAuthenticated, .invalidDocument, .tooLarge, .redirectRefused, .malformedResponse, .captivePortal,
      .integrityFailed, .downgradeRefused, .cancelled:
      false
    }
  }
}
