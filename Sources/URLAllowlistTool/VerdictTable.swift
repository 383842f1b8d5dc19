/// The readable plain-text output of `check`: aligned columns, control characters made visible.
struct VerdictTable {
  private var rows: [(verdict: String, url: String, reason: String)] = []

  mutating func add(verdict: String, url: String, reason: String) {
    rows.append((verdict, Self.visible(url), reason))
  }

  func lines() -> [String] {
    let urlWidth = min(60, rows.map(\.url.count).max() ?? 0)
    return rows.map { row in
      let url = row.url.count < urlWidth ? row.url + String(repeating: " ", count: urlWidth - row.url.count) : row.url
      return "\(row.verdict == "allow" ? "allow" : "deny ")  \(url)  \(row.reason)"
    }
  }

  /// Shows control characters as escapes so a table row never breaks or hides text.
  static func visible(_ string: String) -> String {
    var result = ""
    for scalar in string.unicodeScalars {
      if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
