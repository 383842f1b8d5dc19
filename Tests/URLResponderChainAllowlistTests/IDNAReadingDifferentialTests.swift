import Foundation
import TestSupport
import Testing

@testable import URLResponderChainAllowlist
@testable import URLResponderChainCore

/// How a deny rule reads a link's host (`URLSafety.readings(of:url:)`, percent-escaped and
/// internationalized hosts included) against independent readers of the URL Standard's host
/// parser and UTS #46: Unicode's IdnaTestV2 cases, the URL Standard's own conformance cases,
/// and ICU's UTS #46 (Foundation's) over every scalar. Wherever the reference loads a host a
/// rule could name, the reading is that host; elsewhere it may read more (no rule names it).
@Suite struct IDNAReadingDifferentialTests {
  /// A host a rule could name: the form `URLSafety` accepts (ASCII letters, digits and
  /// hyphens, strict `xn--` labels) whose last label is no number, trailing dots dropped.
  static func nameable(_ host: String) -> String? {
    var host = host.lowercased()
    while host.hasSuffix(".") { host.removeLast() }
    guard case .success(let normal) = URLSafety.normalizedHost(host[...]), normal == host else { return nil }
    return host
  }

  /// `host` with every byte but ASCII letters and digits percent-escaped: a browser reads it
  /// as the same host, decoded first.
  static func escaped(_ host: String) -> String {
    var text = ""
    for byte in host.utf8 {
      if (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) {
        text.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        text += "%" + String(byte, radix: 16, uppercase: true).leftPadded
      }
    }
    return text
  }

  /// The host of the browser's reading of `link`: `nil` for none, and "unreadable" for a
  /// link that cannot be read, which a deny rule that could apply blocks (it fails closed).
  static func readHost(_ link: String) -> String? {
    do {
      return try URLSafety.readings(of: link, url: nil).first?.host
    } catch {
      return "unreadable"
    }
  }

  @Test func everyIdnaTestV2CaseABrowserLoadsIsReadAsTheHostItLoads() throws {
    let cases = try Fixtures.idnaHostCases()
    try #require(cases.count > 400)
    var compared = 0
    var disagreements: [String] = []
    for (input, output) in cases {
      guard let expected = Self.nameable(output) else { continue }
      compared += 1
      let link = "https://\(Self.escaped(input))/"
      if Self.readHost(link) != expected {
        disagreements.append("\(input.debugDescription): \(Self.readHost(link) ?? "none"), browser \(expected)")
      }
      // Written as it is too, where its characters leave the authority as it is.
      if !input.contains(where: { "/\\?#@:%[] ".contains($0) }), Self.readHost("https://\(input)/") != expected {
        disagreements.append("\(input.debugDescription) unescaped: \(Self.readHost("https://\(input)/") ?? "none")")
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(20).joined(separator: "\n"))")
    #expect(compared > 250)
  }

  /// The URL Standard's conformance cases of web links, each read as it is written, with its
  /// host escaped, and with its host alone escaped into a plain link.
  @Test func everyWPTHostABrowserLoadsIsReadAsTheHostItLoads() throws {
    var compared = 0
    var disagreements: [String] = []
    for entry in try Fixtures.wptCases() {
      guard let input = entry["input"] as? String, entry["failure"] as? Bool != true,
        let scheme = entry["protocol"] as? String, scheme == "http:" || scheme == "https:",
        let hostname = entry["hostname"] as? String, let expected = Self.nameable(hostname)
      else { continue }
      // A link that reaches the chain is absolute: `http:foo` and `http:/foo` under an `http:`
      // base are relative.
      let trimmed = URLSafety.browserTrimmed(input).map(\.asciiLowercased)
      let slashes = trimmed.dropFirst(scheme.utf8.count).prefix(2)
      let isAbsolute = slashes.count == 2 && slashes.allSatisfy { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") }
      let base = (entry["base"] as? String)?.lowercased()
      if trimmed.starts(with: scheme.utf8), isAbsolute || !(base?.hasPrefix(scheme) ?? false) {
        compared += 1
        if Self.readHost(input) != expected {
          disagreements.append("\(input.debugDescription): \(Self.readHost(input) ?? "none"), browser \(expected)")
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    #expect(compared > 100)
  }

  /// ICU's UTS #46, which Foundation on Linux uses to write a host in ASCII: every scalar,
  /// first in a label and inside one, read as ICU reads it wherever ICU succeeds with a host a
  /// rule could name. (A stress run reads every scalar, a short run every tenth.)
  @Test func everyScalarIsReadAsICUReadsIt() {
    var compared = 0
    var unreadable: Set<String> = []
    var disagreements: [String] = []
    let step: UInt32 = Stress.isFull ? 1 : 10
    for value in stride(from: UInt32(0x80), through: 0x10FFFF, by: Int(step)) {
      guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .privateUse else { continue }
      for host in ["\(scalar)x.example", "a\(scalar)b.example", "x\(scalar)example"] {
        var components = URLComponents()
        components.host = host
        guard let encoded = components.encodedHost, !encoded.contains("%"), let expected = Self.nameable(encoded)
        else { continue }
        compared += 1
        let read = Self.readHost("https://\(Self.escaped(host))/")
        if read == "unreadable" {
          unreadable.insert("U+\(String(value, radix: 16, uppercase: true))")
        } else if read != expected {
          disagreements.append(
            "U+\(String(value, radix: 16, uppercase: true)) in \(host): \(read ?? "none"), ICU \(expected)")
        }
      }
    }
    #expect(disagreements.isEmpty, "\(disagreements.count): \(disagreements.prefix(30).joined(separator: "\n"))")
    #expect(compared > (Stress.isFull ? 100_000 : 10_000))
    // Blocked by any deny rule, not read: scalars this reading cannot map as ICU does.
    #expect(unreadable.count < (Stress.isFull ? 300 : 30), "\(unreadable.sorted())")
  }
}

extension String {
  /// Two hex digits.
  fileprivate var leftPadded: String { count < 2 ? "0" + self : self }
}
