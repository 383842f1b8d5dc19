import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist
import URLResponderChainRemoteAllowlist
import URLResponderChainTesting

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The test kit's allowlist server answers as a server would, through the list's own client.
@Suite struct AllowlistServerStandInTests {
  static let list = #"{"version": 1, "allow": ["example.com"]}"#
  static let endpoint = URL(string: "https://config.example.com/allowlist.json")!

  static func configuration(cache: Bool = false) -> RemoteAllowlistConfiguration {
    var configuration = RemoteAllowlistConfiguration(endpoint: endpoint)
    configuration.retry.maximumAttempts = 1
    if cache {
      configuration.cacheLocation = .directory(
        FileManager.default.temporaryDirectory.appendingPathComponent("stand-in-\(UUID().uuidString)"))
    }
    return configuration
  }

  @Test func itServesADocumentWithNoSocket() async throws {
    let server = AllowlistServerStandIn(.document(Self.list))
    let allowlist = try server.remoteAllowlist(Self.configuration())
    let loaded = try await allowlist.loadAllowlist()
    #expect(loaded.verdict(for: "https://example.com/a").isAllowed)
    #expect(!loaded.verdict(for: "https://evil.example").isAllowed)
    #expect(server.requests.map(\.url) == [Self.endpoint])
    _ = try await allowlist.loadAllowlist()
    #expect(server.requests.count == 1, "fresh for five minutes: no second request")
  }

  @Test func itAnswersARevalidationWithNotModified() async throws {
    let server = AllowlistServerStandIn(
      .document(Self.list, headers: ["Cache-Control": "max-age=0", "ETag": "\"v1\""]))
    let allowlist = try server.remoteAllowlist(Self.configuration())
    _ = try await allowlist.loadAllowlist()
    let kept = try await allowlist.loadAllowlist()
    #expect(kept.verdict(for: "https://example.com").isAllowed, "the 304 kept the list")
    #expect(server.requests.map { $0.value(forHTTPHeaderField: "If-None-Match") } == [nil, "\"v1\""])
  }

  @Test(arguments: [
    RemoteAllowlistFailure.unreachable("offline"), .timedOut, .serverError(status: 503),
    .notAuthenticated(status: 401), .invalidDocument("not a list"), .tooLarge(limit: 0),
    .redirectRefused("to another host"), .incompleteResponse("cut short"), .malformedResponse("bad framing"),
    .integrityFailed("bad signature"), .downgradeRefused("older version"), .cancelled,
  ])
  func itFailsInEachWayAListCanFail(failure: RemoteAllowlistFailure) async throws {
    let server = AllowlistServerStandIn(.failure(failure))
    let allowlist = try server.remoteAllowlist(Self.configuration())
    do {
      _ = try await allowlist.loadAllowlist()
      Issue.record("a list was loaded from a failing server")
    } catch {
      #expect(error.kind == failure.kind, "\(error)")
    }
  }

  @Test func theServerCanComeBack() async throws {
    let server = AllowlistServerStandIn(.failure(.serverError(status: 503)))
    let allowlist = try server.remoteAllowlist(Self.configuration())
    await #expect(throws: RemoteAllowlistFailure.serverError(status: 503)) { try await allowlist.loadAllowlist() }
    server.reply = .document(Self.list)
    #expect(try await allowlist.loadAllowlist().verdict(for: "https://example.com").isAllowed)
  }

  @Test func theEndpointIsCheckedAsInTheApp() {
    let server = AllowlistServerStandIn(.document(Self.list))
    #expect(throws: RemoteAllowlistConfigurationError.self) {
      _ = try server.remoteAllowlist(
        RemoteAllowlistConfiguration(endpoint: URL(string: "http://config.example.com/allowlist.json")!))
    }
  }

  /// The seams for time-dependent tests: the list waits on the test's clock, its `Date`
  /// moves with it, and every answer takes the round trip on it.
  @Test func onTheTestsClockAnswersTakeTheRoundTripAndTheListGoesStale() async throws {
    let clock = ManualClock()
    let server = AllowlistServerStandIn(
      .document(Self.list, headers: ["Cache-Control": "max-age=60"]), clock: clock, roundTripTime: .seconds(1))
    let allowlist = try server.remoteAllowlist(Self.configuration())
    let first = Task { try? await allowlist.loadAllowlist() }
    await clock.sleepers(atLeast: 1)
    #expect(server.requests.isEmpty, "halfway there")
    clock.advance(by: .milliseconds(500))
    await clock.sleepers(atLeast: 1)
    #expect(server.requests.count == 1)
    clock.advance(by: .milliseconds(500))
    #expect(try await first.value(within: .deadline) != nil)
    clock.advance(by: .seconds(61))
    let second = Task { try? await allowlist.loadAllowlist() }
    for _ in 0..<2 {  // stale on the test's clock: revalidating, there and back
      await clock.sleepers(atLeast: 1)
      clock.advance(by: .milliseconds(500))
    }
    #expect(try await second.value(within: .deadline) != nil)
    #expect(server.requests.count == 2)
  }

  @Test func aServerThatGivesNoAnswerTimesOutOnTheClock() async throws {
    let clock = ManualClock()
    let server = AllowlistServerStandIn(.noAnswer, clock: clock)
    var configuration = Self.configuration()
    configuration.requestTimeout = .seconds(10)
    let allowlist = try server.remoteAllowlist(configuration)
    let load = Task { () -> RemoteAllowlistFailure? in
      do throws(RemoteAllowlistFailure) {
        _ = try await allowlist.loadAllowlist()
        return nil
      } catch {
        return error
      }
    }
    await clock.sleepers(atLeast: 1)
    clock.advance(by: .seconds(10))
    #expect(try await load.value(within: .deadline) == .timedOut)
  }

  /// A second list over the same caches folder is the app relaunched: it starts with the list
  /// the first one kept, and serves it during an outage as stale-if-error allows.
  @Test func aSecondListOverTheSameCachesFolderIsARelaunch() async throws {
    let caches = FileManager.default.temporaryDirectory.appendingPathComponent("stand-in-caches-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: caches) }
    let server = AllowlistServerStandIn(
      .document(Self.list, headers: ["Cache-Control": "max-age=0, stale-if-error=86400"]))
    _ = try await server.remoteAllowlist(Self.configuration(), cachesFolder: caches).loadAllowlist()
    server.reply = .failure(.serverError(status: 503))
    let relaunched = try server.remoteAllowlist(Self.configuration(), cachesFolder: caches)
    #expect(try await relaunched.loadAllowlist().verdict(for: "https://example.com/a").isAllowed)
    let forgetful = try server.remoteAllowlist(Self.configuration())
    await #expect(throws: RemoteAllowlistFailure.serverError(status: 503)) { try await forgetful.loadAllowlist() }
  }
}

extension RemoteAllowlistFailure {
  /// The case, without its detail: a stand-in's failure goes through the client, which may
  /// word its detail itself.
  fileprivate var kind: String { Mirror(reflecting: self).children.first?.label ?? String(describing: self) }
}
