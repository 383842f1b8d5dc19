import Foundation
import LoopbackHTTPServer
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

/// Which endpoints a remote allowlist may be fetched from, decided at construction.
@Suite struct AllowlistEndpointPolicyTests {
  @Test(arguments: [
    "https://config.example.com/allowlist.json",
    "HTTPS://Config.Example.COM:8443/a",
    "http://127.0.0.1:8080/list",
    "http://127.255.255.254/list",
    "http://localhost/list",
    "HTTP://LOCALHOST:9/list",
    "http://[::1]:8080/list",
  ])
  func httpsAndLoopbackHTTPAreAccepted(endpoint: String) throws {
    let configuration = RemoteAllowlistConfiguration(endpoint: try #require(URL(string: endpoint)))
    #expect(throws: Never.self) { try RemoteAllowlist(configuration: configuration) }
  }

  @Test(arguments: [
    "http://config.example.com/allowlist.json",
    "http://127.0.0.1.evil.example/list",  // a loopback-looking prefix
    "http://localhost.evil.example/list",
    "http://evil-localhost/list",
    "http://localhost./list",  // a trailing dot resolves through DNS search rules
    "http://127.1/list",  // shorthand IPv4: refused rather than interpreted
    "http://0x7f.0.0.1/list",
    "http://0177.0.0.1/list",
    "http://127.0.0.01/list",
    "http://2130706433/list",
    "http://127.0.0.256/list",
    "http://128.0.0.1/list",
    "http://10.0.0.1/list",
    "http://[::ffff:127.0.0.1]/list",  // mapped IPv4: refused, not reasoned about
    "http://[0:0:0:0:0:0:0:1]/list",
    "http://%31%32%37.0.0.1/list",
  ])
  func plainHTTPElsewhereIsAConfigurationError(endpoint: String) throws {
    let url = try #require(URL(string: endpoint))
    #expect(throws: RemoteAllowlistConfigurationError.self) {
      try RemoteAllowlist(configuration: RemoteAllowlistConfiguration(endpoint: url))
    }
  }

  @Test func theInsecureEndpointErrorNamesIt() throws {
    let url = try #require(URL(string: "http://config.example.com/allowlist.json"))
    #expect(throws: RemoteAllowlistConfigurationError.insecureEndpoint(url.absoluteString)) {
      try RemoteAllowlist(configuration: RemoteAllowlistConfiguration(endpoint: url))
    }
    #expect(
      RemoteAllowlistConfigurationError.insecureEndpoint(url.absoluteString).description
        == "the allowlist endpoint http://config.example.com/allowlist.json is plain http on a host that is not loopback; use https"
    )
  }

  @Test(arguments: [
    ("ftp://config.example.com/list", "is not an http or https URL"),
    ("file:///etc/allowlist.json", "is not an http or https URL"),
    ("javascript:alert(1)", "is not an http or https URL"),
    ("allowlist.json", "is not an http or https URL"),
    ("https:///list", "has no host"),
    ("https://user:secret@config.example.com/list", "credentials"),
    ("https://token@config.example.com/list", "credentials"),
  ])
  func otherEndpointsAreRefusedWithAReason(endpoint: String, reason: String) throws {
    let url = try #require(URL(string: endpoint))
    do {
      _ = try RemoteAllowlist(configuration: RemoteAllowlistConfiguration(endpoint: url))
      Issue.record("accepted \(endpoint)")
    } catch {
      guard case .unsupportedEndpoint(let message) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(message.contains(reason), "\(message)")
    }
  }

  @Test func nothingIsSentWhenTheEndpointIsRefused() throws {
    let server = try LoopbackHTTPServer { _ in .ok(body: Data()) }
    defer { server.stop() }
    // The same server named through a host that is not loopback: refused before any request.
    let url = try #require(URL(string: "http://loopback.invalid:\(server.port)/list"))
    #expect(throws: RemoteAllowlistConfigurationError.self) {
      try RemoteAllowlist(configuration: RemoteAllowlistConfiguration(endpoint: url))
    }
    #expect(server.requests.isEmpty)
  }
}
