import Foundation
import TestSupport
import URLResponderChainCore

@testable import URLResponderChainRemoteAllowlist

/// A remote allowlist on a clock the test moves, its wall clock (`Date`) moving with it, and
/// a transport that answers from a script.
struct VirtualTime {
  static let start = Date(timeIntervalSince1970: 1_800_000_000)
  let clock = ManualClock()
  let transport: ScriptedTransport

  init(_ steps: [ScriptedTransport.Step]) {
    transport = ScriptedTransport(clock: clock, steps)
  }

  /// `200` with the document and this `Cache-Control`.
  static func ok(_ cacheControl: String, document: String = #"{"version": 1, "allow": ["example.com"]}"#)
    -> ScriptedTransport.Step
  {
    .respond(
      HTTPExchange(
        status: 200, headers: ["Content-Type": "application/json", "Cache-Control": cacheControl],
        body: Data(document.utf8)))
  }

  /// A status with no body, and these header fields.
  static func status(_ code: Int, _ headers: [String: String] = [:]) -> ScriptedTransport.Step {
    .respond(HTTPExchange(status: code, headers: headers, body: Data()))
  }

  /// The list, with one attempt per fetch unless `configure` says otherwise, and jitter at
  /// its middle (`random` is 0.5).
  func remote(
    activityNotifications: AppActivityNotifications? = nil,
    configure: (inout RemoteAllowlistConfiguration) -> Void = { _ in }
  ) throws -> RemoteAllowlist {
    var configuration = RemoteAllowlistConfiguration(endpoint: URL(string: "https://lists.example.com/list.json")!)
    configuration.retry.maximumAttempts = 1
    configure(&configuration)
    let elapsed = WaitClock(clock)
    return try RemoteAllowlist(
      configuration: configuration, transport: transport,
      now: { Self.start.addingTimeInterval(elapsed.elapsed() / .seconds(1)) }, random: { 0.5 },
      clock: clock, activityNotifications: activityNotifications)
  }
}

extension RemoteAllowlist {
  /// A check that must answer without waiting on the clock: a wait would hang on a clock
  /// nobody moves, which the deadline turns into a failure.
  func checkedAtOnce(_ string: String) async throws -> RemoteCheck {
    try await Task { await self.checked(string) }.value(within: .deadline)
  }
}
