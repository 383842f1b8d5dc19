import Foundation
import TestSupport
import Testing
import URLResponderChainCore

/// The URL Standard's conformance cases (what Safari follows) as an external check: every
/// http(s) input `URLSafety` accepts must have exactly the host the browser would load.
@Suite struct WPTCorpusTests {
  struct Tally { var checked = 0, accepted = 0, refused = 0, rewritten = 0 }

  @Test func everyAcceptedURLHasTheHostPortAndPathABrowserWouldLoad() throws {
    let file = Fixtures.wptURLTestData
    let cases = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [Any])
    var tally = Tally()
    var disagreements: [String] = []
    for case let entry as [String: Any] in cases {
      guard let input = entry["input"] as? String else { continue }
      let lowered = input.lowercased().drop { $0 == " " || $0 == "\t" || $0 == "\n" }
      guard lowered.hasPrefix("http:") || lowered.hasPrefix("https:") else { continue }
      tally.checked += 1
      guard let eligible = try? EligibleURL(input) else {
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
      // The path is judged on the value that opens. Where Foundation rewrote the input (an
      // invalid escape such as "%2z" makes it percent-encode every "%"), that value's own
      // text is what the browser reads, by the URL Standard's path rules.
      var browserPath = entry["pathname"] as? String ?? ""
      let opened = eligible.url.absoluteString
      if opened != input.trimmingCharacters(in: .whitespacesAndNewlines) {
        tally.rewritten += 1
        let afterScheme = opened[opened.range(of: "://")!.upperBound...]
        let path = afterScheme.drop { $0 != "/" && $0 != "?" && $0 != "#" }.prefix { $0 != "?" && $0 != "#" }
        browserPath = ReferenceWHATWGPath.resolve(String(path))
      }
      // Compared in RFC 3986's normal form: the one spelling of it every server reads alike.
      browserPath = ReferenceRFC3986Path.normalize(browserPath)
      if browserPath != eligible.path {
        disagreements.append("\(input): browser path \(browserPath), we \(eligible.path)")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements)")
    #expect(tally.checked > 300)
    #expect(tally.accepted > 50)
    print(
      "WPT corpus: \(tally.checked) http(s) cases checked, \(tally.accepted) accepted, \(tally.refused) refused, \(tally.rewritten) rewritten by Foundation"
    )
  }
}
