import Foundation
import Testing
import URLResponderChainCore

/// The URL Standard's conformance cases (what Safari follows) as an external check: every
/// http(s) input `URLSafety` accepts must have exactly the host the browser would load.
@Suite struct WPTCorpusTests {
  struct Tally { var checked = 0, accepted = 0, refused = 0 }

  @Test func everyAcceptedURLHasTheHostABrowserWouldLoad() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/wpt-urltestdata.json")
    let cases = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [Any])
    var tally = Tally()
    var disagreements: [String] = []
    for case let entry as [String: Any] in cases {
      guard let input = entry["input"] as? String else { continue }
      let lowered = input.lowercased().drop { $0 == " " || $0 == "\t" || $0 == "\n" }
      guard lowered.hasPrefix("http:") || lowered.hasPrefix("https:") else { continue }
      tally.checked += 1
      guard case .success(let eligible) = URLSafety.check(input) else {
        tally.refused += 1
        continue
      }
      tally.accepted += 1
      if entry["failure"] as? Bool == true {
        disagreements.append("\(input): browser refuses, we accept")
        continue
      }
      var browserHost = (entry["hostname"] as? String ?? "").lowercased()
      if browserHost.hasSuffix(".") { browserHost.removeLast() }
      if browserHost != eligible.host { disagreements.append("\(input): browser \(browserHost), we \(eligible.host)") }
      let browserPort = Int(entry["port"] as? String ?? "")
      if browserPort != eligible.port { disagreements.append("\(input): browser port \(browserPort ?? 0)") }
    }
    #expect(disagreements.isEmpty, "\(disagreements)")
    #expect(tally.checked > 300)
    #expect(tally.accepted > 50)
    print("WPT corpus: \(tally.checked) http(s) cases checked, \(tally.accepted) accepted, \(tally.refused) refused")
  }
}
