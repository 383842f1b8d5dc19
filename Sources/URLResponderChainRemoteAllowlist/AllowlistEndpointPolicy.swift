import Foundation
import URLResponderChainCore

/// What endpoint an allowlist may be fetched from: `https`, or `http` on loopback only.
enum AllowlistEndpointPolicy {
  /// Checks `endpoint` as ``RemoteAllowlist/init(configuration:transport:)`` does.
  static func validate(_ endpoint: URL) throws(RemoteAllowlistConfigurationError) {
    let shown = endpoint.absoluteString.shownEscaped()
    guard let scheme = endpoint.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
      throw .unsupportedEndpoint("\(shown) is not an http or https URL")
    }
    // The host as written: `%31%32%37.0.0.1` is not judged as the `127.0.0.1` it decodes to.
    guard let host = endpoint.host(percentEncoded: true), !host.isEmpty else {
      throw .unsupportedEndpoint("\(shown) has no host")
    }
    guard endpoint.user == nil, endpoint.password == nil else {
      throw .unsupportedEndpoint("the URL carries credentials; send them as headers instead")
    }
    if scheme == "http", !isLoopback(host) {
      throw .insecureEndpoint(shown)
    }
  }

  /// `localhost`, a dotted-decimal `127.x.y.z` or `::1`, written exactly so: `127.1`,
  /// `0x7f.0.0.1`, `127.0.0.1.example.com` and `localhost.` are not loopback here.
  static func isLoopback(_ host: String) -> Bool {
    let host = host.lowercased()
    if host == "localhost" || host == "::1" || host == "[::1]" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 4 else { return false }
    for part in parts {
      guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
        part.count == 1 || part.first != "0", let value = Int(part), value <= 255
      else { return false }
    }
    return parts[0] == "127"
  }
}
