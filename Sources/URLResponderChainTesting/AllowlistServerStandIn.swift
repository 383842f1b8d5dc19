import URLResponderChainCore
public import URLResponderChainRemoteAllowlist

// `URLRequest` is Foundation's on Apple platforms and FoundationNetworking's on Linux.
#if canImport(FoundationNetworking)
  import Foundation
  public import FoundationNetworking
#else
  public import Foundation
#endif

/// A stand-in for the allowlist server, with no socket: a `RemoteAllowlist` made by
/// ``remoteAllowlist(_:)`` sends its requests here, so an app's tests can cover its remote
/// list, its policy and its recovery prompts without an HTTP server.
///
/// ```swift
/// let server = AllowlistServerStandIn(.document(#"{"version": 1, "allow": ["example.com"]}"#))
/// let allowlist = try server.remoteAllowlist(RemoteAllowlistConfiguration(
///   endpoint: URL(string: "https://config.example.com/allowlist.json")!))
/// print(try await allowlist.loadAllowlist().verdict(for: "https://example.com"))  // allowed
/// server.reply = .failure(.serverError(status: 503))   // the server goes down
/// ```
///
/// The list's own client runs as it does in the app: its caching, validators, retries,
/// credentials and checks of the document all apply to what the stand-in answers.
public final class AllowlistServerStandIn: Sendable {
  /// What the server answers.
  public enum Reply: Sendable {
    /// `200` with the document and these header fields (by default fresh for 5 minutes), and
    /// `Content-Type: application/json` unless they name another. A request whose
    /// `If-None-Match` names the `ETag` among them gets `304 Not Modified`, with the same
    /// fields, as a real server's revalidation would.
    case document(String, headers: [String: String] = ["Cache-Control": "max-age=300"])
    /// The failure, the way a server or a network gives it: an HTTP status for
    /// `RemoteAllowlistFailure.serverError(status:)` and
    /// `RemoteAllowlistFailure.notAuthenticated(status:)` (so that retries and credentials
    /// run), a `200` whose body is not a list for `RemoteAllowlistFailure.invalidDocument(_:)`,
    /// a body past the byte limit for `RemoteAllowlistFailure.tooLarge(limit:)`, and the
    /// failure itself, from the transport, for the others.
    case failure(RemoteAllowlistFailure)
    /// Any status, header fields and body.
    case response(status: Int, headers: [String: String], body: String)
  }

  private let state: LockedValue<State>

  private struct State: Sendable {
    var reply: Reply
    var requests: [URLRequest] = []
  }

  /// A server that answers `reply` until told otherwise.
  public init(_ reply: Reply) {
    state = LockedValue(State(reply: reply))
  }

  /// What the server answers from now on.
  public var reply: Reply {
    get { state.withLock { $0.reply } }
    set { state.withLock { $0.reply = newValue } }
  }

  /// The requests the server received, in order.
  public var requests: [URLRequest] { state.withLock { $0.requests } }

  /// A remote allowlist whose requests come here, configured as `configuration` says (its
  /// endpoint is checked as in the app).
  public func remoteAllowlist(_ configuration: RemoteAllowlistConfiguration) throws(RemoteAllowlistConfigurationError)
    -> RemoteAllowlist
  {
    try RemoteAllowlist(configuration: configuration, transport: StandInTransport(server: self))
  }

  /// The exchange for `request`, or the failure the transport reports.
  fileprivate func answer(_ request: URLRequest, byteLimit: Int) throws(RemoteAllowlistFailure) -> HTTPExchange {
    let reply = state.withLock {
      $0.requests.append(request)
      return $0.reply
    }
    switch reply {
    case .document(let text, var headers):
      if !headers.keys.contains(where: { $0.lowercased() == "content-type" }) {
        headers["Content-Type"] = "application/json"
      }
      let tag = headers.first { $0.key.lowercased() == "etag" }?.value
      if let tag, request.value(forHTTPHeaderField: "If-None-Match") == tag {
        return HTTPExchange(status: 304, headers: headers, body: Data())
      }
      return try Self.limited(HTTPExchange(status: 200, headers: headers, body: Data(text.utf8)), byteLimit)
    case .response(let status, let headers, let body):
      return try Self.limited(HTTPExchange(status: status, headers: headers, body: Data(body.utf8)), byteLimit)
    case .failure(let failure):
      switch failure {
      case .serverError(let status), .notAuthenticated(let status):
        return HTTPExchange(status: status, headers: [:], body: Data())
      case .invalidDocument:
        return HTTPExchange(
          status: 200, headers: ["Content-Type": "application/json"],
          body: Data("<html>Service Unavailable</html>".utf8))
      case .tooLarge:
        throw .tooLarge(limit: byteLimit)
      default:
        throw failure
      }
    }
  }

  /// A transport reads no more than the byte limit.
  private static func limited(_ exchange: HTTPExchange, _ byteLimit: Int) throws(RemoteAllowlistFailure)
    -> HTTPExchange
  {
    guard exchange.body.count <= byteLimit else { throw .tooLarge(limit: byteLimit) }
    return exchange
  }
}

/// The transport a stand-in's remote allowlist sends through.
private struct StandInTransport: AllowlistTransport {
  let server: AllowlistServerStandIn

  func send(_ request: URLRequest, byteLimit: Int, timeout: Duration) async throws(RemoteAllowlistFailure)
    -> HTTPExchange
  {
    try server.answer(request, byteLimit: byteLimit)
  }
}
