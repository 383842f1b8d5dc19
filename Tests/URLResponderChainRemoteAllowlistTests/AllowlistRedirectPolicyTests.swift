import Foundation
import LoopbackHTTPServer
import TestSupport
import Testing

@testable import URLResponderChainCore
@testable import URLResponderChainRemoteAllowlist

@Suite struct AllowlistRedirectPolicyTests {
  let policy = AllowlistRedirectPolicy(endpoint: URL(string: "https://config.example.com/allowlist.json")!)
  let current = URL(string: "https://config.example.com/allowlist.json")!

  @Test(arguments: [
    "https://config.example.com/v2/allowlist.json",
    "https://CONFIG.example.com/moved",
    "https://config.example.com:443/moved",
  ])
  func aSameOriginMoveIsFollowed(location: String) {
    #expect(policy.decide(location: location, from: current, hops: 0) == .follow(URL(string: location)!))
  }

  @Test(arguments: [
    "https://evil.example/allowlist.json",  // another host
    "https://config.example.com.evil.example/x",  // suffix trick
    "https://config.example.com:8443/x",  // another port
    "http://config.example.com/x",  // downgrade
    "/relative/path",  // relative: refused, not resolved
    "//evil.example/x",  // scheme-relative
    "https://config.example.com@evil.example/x",  // user info trick
    "https://config.example.com/x@\u{301}evil.example",  // an "@" with a mark is still an "@" to some reader
    "https://user:pw@config.example.com/x",
    "https://evil.example\\@config.example.com/x",  // backslash
    "https://config.example.com/x y",  // space
    "https://config.example.com/\u{0}x",  // control character
    "https://127.0.0.1/x",  // an IP for the same host is another origin
    "https://2130706433/x",
    "javascript:alert(1)",
    "data:application/json,{}",
    "",
    "not a url at all",
  ])
  func anyOtherTargetIsRefused(location: String) {
    guard case .refuse = policy.decide(location: location, from: current, hops: 0) else {
      Issue.record("followed \(location.debugDescription)")
      return
    }
  }

  @Test func theRefusalShowsAHostileTargetEscapedAndShort() {
    let hostile = "https://evil.example/\u{1B}[2J\nfake log line" + String(repeating: "a", count: 500)
    guard case .refuse(let reason) = policy.decide(location: hostile, from: current, hops: 0) else {
      Issue.record("followed \(hostile.debugDescription)")
      return
    }
    #expect(!reason.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
    #expect(reason.count < 300)
  }

  @Test func aMissingLocationAndTooManyHopsAreRefused() {
    #expect(policy.decide(location: nil, from: current, hops: 0) == .refuse(reason: "a redirect without a Location"))
    guard
      case .refuse(let reason) = policy.decide(
        location: "https://config.example.com/again", from: current, hops: AllowlistRedirectPolicy.maximumHops)
    else {
      Issue.record("followed a fourth redirect")
      return
    }
    #expect(reason.contains("more than 3 redirects"))
  }
}
