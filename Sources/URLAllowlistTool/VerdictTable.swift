/// The readable plain-text output of `check`: aligned columns, written as it goes, with the
/// input and the reason made safe for a terminal (``TerminalText``).
///
/// The URL column's width is fixed by the first ``lookAhead`` rows (at most 60 characters), so
/// a million rows are written as they come, in memory bounded by the look-ahead; a longer URL
/// later on pushes its own row's reason out, as any URL over 60 characters does.
struct VerdictTable {
  /// How many rows are held back to choose the URL column's width.
  static let lookAhead = 1_000
  static let maximumWidth = 60

  private var pending: [(opens: String, url: String, reason: String)] = []
  private var width: Int?
  private let emit: (String) -> Void

  init(emit: @escaping (String) -> Void) { self.emit = emit }

  mutating func add(opens: String, url: String, reason: String) {
    let row = (opens, TerminalText.escaped(url), TerminalText.escaped(reason))
    if let width { return emit(Self.line(row, width: width)) }
    pending.append(row)
    if pending.count == Self.lookAhead { release() }
  }

  /// Writes the rows still held back.
  mutating func finish() { release() }

  private mutating func release() {
    let width = width ?? min(Self.maximumWidth, pending.map(\.url.count).max() ?? 0)
    self.width = width
    for row in pending { emit(Self.line(row, width: width)) }
    pending = []
  }

  private static func line(_ row: (opens: String, url: String, reason: String), width: Int) -> String {
    let url = row.url.count < width ? row.url + String(repeating: " ", count: width - row.url.count) : row.url
    let opens = row.opens + String(repeating: " ", count: max(0, 12 - row.opens.count))
    return "\(opens)  \(url)  \(row.reason)"
  }
}
