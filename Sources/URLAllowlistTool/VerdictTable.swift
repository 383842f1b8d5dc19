/// The readable plain-text output of `check`: aligned columns, with the input and the reason
/// made safe for a terminal (``TerminalText``).
struct VerdictTable {
  private var rows: [(verdict: String, url: String, reason: String)] = []

  mutating func add(verdict: String, url: String, reason: String) {
    rows.append((verdict, TerminalText.escaped(url), TerminalText.escaped(reason)))
  }

  func lines() -> [String] {
    let urlWidth = min(60, rows.map(\.url.count).max() ?? 0)
    return rows.map { row in
      let url = row.url.count < urlWidth ? row.url + String(repeating: " ", count: urlWidth - row.url.count) : row.url
      return "\(row.verdict == "allow" ? "allow" : "deny ")  \(url)  \(row.reason)"
    }
  }
}
