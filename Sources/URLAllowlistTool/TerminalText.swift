/// Text from a list or from input, made safe to print on a terminal.
///
/// A hostile list or URL can carry escape sequences (ESC `[2J` clears the screen), NUL, C1
/// controls (0x9B is a one-byte CSI on some terminals), line breaks that forge a row, and
/// invisible format characters such as the bidi override U+202E that make text read
/// otherwise than it is. Every such scalar is shown as a visible `\u{…}` escape, in every
/// output mode; nothing the tool prints can move the cursor, hide text or reorder it.
enum TerminalText {
  /// Whether `scalar` must not reach a terminal as itself: a control (C0, DEL, C1), a
  /// format character (bidi controls and isolates, zero-width characters, the BOM, tags), or
  /// a line or paragraph separator.
  static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .format, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }

  /// `text` with every scalar ``mustEscape(_:)`` names written as `\u{hex}`.
  static func escaped(_ text: String) -> String {
    // Printable ASCII is shown as it is; only other scalars need a look.
    guard !text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }), text.unicodeScalars.contains(where: mustEscape) else {
      return text
    }
    var result = ""
    for scalar in text.unicodeScalars {
      if mustEscape(scalar) {
        result += "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
