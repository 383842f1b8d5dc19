import Foundation
import URLResponderChainAllowlist
import URLResponderChainCore

// Judging a hostile link whose host is a megabyte, against the same at 100 KB, same run: a
// reading linear in the link's length takes about 10× as long, one that grows with the square
// of it about 100× (issue 68: a host of alternating combining marks took 2 s at 192 KB and
// 7.8 s at 384 KB).

/// A link of about `bytes` bytes whose host is `unit` repeated, then `evil.example`, escaped as
/// a `URL` holds it.
func hostileLink(repeating unit: String, bytes: Int) -> URL {
  URL(string: "https://e" + String(repeating: unit, count: bytes / unit.utf8.count) + "vil.example/")!
}

func reportLongLinks() {
  let allowlist = try! Allowlist(allow: ["*.good.example"], deny: ["evil.example"])
  let policy = LinkPolicy.inApp(["*.good.example"], blocking: ["evil.example"])
  var sink = 0
  print("— Long hosts, 1 MB against 100 KB (linear ≈ 10×, quadratic ≈ 100×)")
  for (name, unit) in [("alternating marks", "%CC%81%CC%A3"), ("soft hyphens", "%C2%AD"), ("ASCII labels", "a.")] {
    let small = hostileLink(repeating: unit, bytes: 100_000)
    let large = hostileLink(repeating: unit, bytes: 1_000_000)
    for (judge, verdict) in [
      ("Allowlist.verdict(for:)", { (url: URL) in allowlist.verdict(for: url) == .blocked(rule: "evil.example") }),
      ("LinkPolicy.destination(for:)", { (url: URL) in policy.destination(for: url).reason.hasPrefix("blocked") }),
    ] {
      let smallTime = timedNanosecondsPerCall(rounds: 7, calls: 100) { sink &+= verdict(small) ? 1 : 0 } / 1e6
      let largeTime = timedNanosecondsPerCall(rounds: 7, calls: 10) { sink &+= verdict(large) ? 1 : 0 } / 1e6
      line("\(name), \(judge), 100 KB", smallTime, unit: "ms")
      line("\(name), \(judge), 1 MB", largeTime, unit: "ms", floor: smallTime, target: "≤ 20×")
    }
  }
  if sink == 42 { print("") }
}
