import Foundation
import MallocStats
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainRouting

// Matching against its floors, each measured in this run.

/// The best of `rounds` timings of `calls` calls, in nanoseconds per call.
func timedNanosecondsPerCall(rounds: Int = 7, calls: Int, _ body: () -> Void) -> Double {
  var best = Double.infinity
  for _ in 0..<rounds {
    let start = ContinuousClock.now
    for _ in 0..<calls { body() }
    let (seconds, attoseconds) = (ContinuousClock.now - start).components
    best = min(best, (Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(calls))
  }
  return best
}

/// Bytes the allocator has handed out and not taken back (glibc), or nil where unknown.
func allocatedBytes() -> Int? {
  let bytes = malloc_stats_allocated_bytes()
  return bytes == 0 ? nil : Int(bytes)
}

/// The floor of an allowlist check: a `Set<String>` lookup of the host, then of each parent
/// domain in the set of wildcard domains.
struct FloorAllowlist {
  let exact: Set<String>
  let wildcard: Set<String>

  init(_ rules: [String]) {
    exact = Set(rules.filter { !$0.hasPrefix("*.") })
    wildcard = Set(rules.filter { $0.hasPrefix("*.") }.map { String($0.dropFirst(2)) })
  }

  func allows(_ host: String) -> Bool {
    if exact.contains(host) { return true }
    var index = host.startIndex
    while let dot = host[index...].firstIndex(of: ".") {
      index = host.index(after: dot)
      if wildcard.contains(String(host[index...])) { return true }
    }
    return false
  }
}

func line(_ label: String, _ value: Double, unit: String = "ns", floor: Double? = nil, target: String = "") {
  let number = unit == "ms" ? String(format: "%9.2f ms", value) : String(format: "%9.1f ns", value)
  var text = label.padding(toLength: 56, withPad: " ", startingAt: 0) + number
  if let floor { text += String(format: "   %6.2f×", value / floor) }
  if !target.isEmpty { text += "  (target \(target))" }
  print(text)
}

func eligible(_ string: String) -> EligibleURL {
  do { return try EligibleURL(string) } catch { fatalError("not eligible: \(string): \(error)") }
}

/// The benchmark's route table rows: four kinds of pattern, every host and path different.
func routeRows(_ count: Int) -> [(String, Int)] {
  (0..<count).map { index in
    switch index % 4 {
    case 0: ("https://site\(index).example.com/articles/:id", index)
    case 1: ("*.site\(index).example.com/*", index)
    case 2: ("example.com/section\(index)/:id/comments", index)
    default: ("docs.example.org/v\(index)/guide/*", index)
    }
  }
}

func reportMatching() {
  var sink = 0

  // EligibleURL's checks against reading the URL's string.
  let urls = (0..<64).map { URL(string: "https://docs\($0).example.com/guides/\($0)/intro?lang=en#top")! }
  var next = 0
  let read = timedNanosecondsPerCall(calls: 200_000) {
    sink &+= urls[next & 63].absoluteString.utf8.count
    next &+= 1
  }
  let safety = timedNanosecondsPerCall(calls: 50_000) {
    if (try? EligibleURL(urls[next & 63])) != nil { sink &+= 1 }
    next &+= 1
  }
  // Context, not a target: the least any check of the bytes does, one pass over them.
  let scanned = timedNanosecondsPerCall(calls: 200_000) {
    var written = urls[next & 63].absoluteString
    sink &+= written.withUTF8 { bytes in bytes.reduce(0) { $0 &+ ($1 == UInt8(ascii: "/") ? 1 : 0) } }
    next &+= 1
  }
  // Context, not a target: only the Foundation accessors the rules make the check read
  // (the host, to compare with the host as written; scheme, user, password, port; the path
  // for matching), each once, as the check does.
  let accessors = timedNanosecondsPerCall(calls: 50_000) {
    let url = urls[next & 63]
    sink &+= url.absoluteString.utf8.count &+ (url.scheme?.utf8.count ?? 0) &+ (url.user == nil ? 1 : 0)
    sink &+= (url.password == nil ? 1 : 0) &+ (url.host(percentEncoded: true)?.utf8.count ?? 0)
    sink &+= (url.port ?? 0) &+ url.path(percentEncoded: true).utf8.count
    next &+= 1
  }
  print("— URL safety (EligibleURL)")
  line("url.absoluteString, read (floor)", read)
  line("url.absoluteString, read and one pass over its bytes", scanned, floor: read)
  line("only the Foundation accessors the check must read", accessors, floor: read)
  line("EligibleURL(URL)", safety, floor: read, target: "≤ 3×")

  // Allowlist with 100,000 rules against a Set<String>.
  let rules = (0..<100_000).map { $0 % 2 == 0 ? "host\($0).example.com" : "*.zone\($0).example.net" }
  let before = allocatedBytes()
  var floorSet: FloorAllowlist? = FloorAllowlist(rules)
  let afterSet = allocatedBytes()
  var allowlist: Allowlist? = try! Allowlist(allow: rules)
  let afterAllowlist = allocatedBytes()
  let floorCompile = timedNanosecondsPerCall(rounds: 3, calls: 1) { sink &+= FloorAllowlist(rules).exact.count }
  let compile = timedNanosecondsPerCall(rounds: 3, calls: 1) { sink &+= (try! Allowlist(allow: rules)).count }
  let cases = [
    ("exact hit", "https://host50000.example.com/a"), ("wildcard hit", "https://a.b.zone50001.example.net/"),
    ("miss", "https://www.nowhere.example.org/x"),
  ]
  print("— Allowlist, 100,000 rules")
  for (name, string) in cases {
    let url = eligible(string)
    let floor = timedNanosecondsPerCall(calls: 500_000) { if floorSet!.allows(url.host) { sink &+= 1 } }
    let check = timedNanosecondsPerCall(calls: 500_000) { if allowlist!.verdict(for: url).isAllowed { sink &+= 1 } }
    line("Set<String> floor, \(name)", floor)
    line("Allowlist.verdict(for: EligibleURL), \(name)", check, floor: floor, target: "≤ 1.5×")
  }
  // Context, not a target: rules with paths, where the path is also read as lenient and
  // forgiving servers read it (the folded reading is computed only when there is something
  // to fold: an escape, a `;`, a capital letter or a segment ending in a dot).
  let pathRules = try! Allowlist(allow: ["docs.example.com/guides/*"], deny: ["docs.example.com/guides/internal/*"])
  let pathCases = [
    ("path rules, nothing to fold", "https://docs.example.com/guides/intro"),
    ("path rules, capitals folded", "https://docs.example.com/guides/Getting-Started"),
    ("path rules, escape folded", "https://docs.example.com/guides/caf%C3%A9"),
  ]
  let pathFloorURL = eligible(cases[0].1)
  let pathFloor = timedNanosecondsPerCall(calls: 500_000) { if floorSet!.allows(pathFloorURL.host) { sink &+= 1 } }
  for (name, string) in pathCases {
    let url = eligible(string)
    let check = timedNanosecondsPerCall(calls: 500_000) { if pathRules.verdict(for: url).isAllowed { sink &+= 1 } }
    line("Allowlist.verdict, \(name)", check, floor: pathFloor)
  }
  // Deny rules first, on every reading: a `URL` is checked (the floor: `EligibleURL(URL)`),
  // then its other readings are judged by the deny rules only where one differs from the
  // eligible link (user info, a port, an escaped host) or the list has deny rules at all.
  let denyRules = try! Allowlist(allow: ["*.example.com"], deny: ["evil.example", "docs.example.com/internal/*"])
  let urlCases = [
    ("URL, eligible, list without deny rules", "https://docs.example.com/a", false),
    ("URL, eligible, with deny rules", "https://docs.example.com/a", true),
    ("URL, user info and port, with deny rules", "https://user@evil.example:8443/a", true),
  ]
  for (name, string, denies) in urlCases {
    let url = URL(string: string)!
    let list = denies ? denyRules : try! Allowlist(allow: ["*.example.com"])
    let checkFloor = timedNanosecondsPerCall(calls: 100_000) {
      if (try? EligibleURL(url)) != nil { sink &+= 1 }
    }
    let check = timedNanosecondsPerCall(calls: 100_000) { if list.verdict(for: url).isAllowed { sink &+= 1 } }
    line("Allowlist.verdict(for: URL), \(name)", check, floor: checkFloor)
  }
  line("Set<String> floor, build from 100,000 rules", floorCompile / 1e6, unit: "ms")
  line("Allowlist, compile 100,000 rules", compile / 1e6, unit: "ms", floor: floorCompile / 1e6, target: "≤ 2×")
  if let before, let afterSet, let afterAllowlist {
    let setBytes = Double(afterSet - before)
    let allowlistBytes = Double(afterAllowlist - afterSet)
    print(
      String(
        format: "memory: Set floor %.1f MB, Allowlist %.1f MB (%.2f×)", setBytes / 1e6, allowlistBytes / 1e6,
        allowlistBytes / setBytes))
  }
  floorSet = nil
  allowlist = nil

  // URLRouteTable: lookups with 10 and 10,000 routes, and building 10,000.
  let ten = try! URLRouteTable(routeRows(10))
  let tenThousand = try! URLRouteTable(routeRows(10_000))
  let lookups = [
    URL(string: "https://example.com/section2/42/comments")!, URL(string: "https://docs.example.org/v3/guide/intro")!,
    URL(string: "https://nowhere.example.net/")!,
  ]
  let small = timedNanosecondsPerCall(calls: 50_000) {
    sink &+= ten.route(lookups[next % 3])?.action ?? 0
    next &+= 1
  }
  // Few calls: a table without an index takes milliseconds per lookup here.
  let large = timedNanosecondsPerCall(calls: 1_000) {
    sink &+= tenThousand.route(lookups[next % 3])?.action ?? 0
    next &+= 1
  }
  let rows = routeRows(10_000)
  let build = timedNanosecondsPerCall(rounds: 3, calls: 1) { sink &+= (try! URLRouteTable(rows)).count }
  print("— URLRouteTable")
  line("lookup, 10 routes", small)
  line("lookup, 10,000 routes", large, floor: small, target: "≤ 2×")
  line("build 10,000 routes", build / 1e6, unit: "ms", target: "< 20 ms")
  if sink == 42 { print("") }
}
