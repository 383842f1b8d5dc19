import Foundation

/// Reading JSON string literals and writing one JSON object per line.
enum JSONLine {
  /// Decodes a line holding one JSON string literal, or `nil` if it is anything else.
  static func decodeString(_ line: String) -> String? {
    let trimmed = line.trimmingCharacters(in: .whitespaces)
    guard trimmed.hasPrefix("\""), let data = trimmed.data(using: .utf8) else { return nil }
    return try? JSONDecoder().decode(String.self, from: data)
  }

  /// `{"input": …, "verdict": …, "reason": …}` with keys in that order.
  static func verdictObject(input: String, verdict: String, reason: String) -> String {
    "{\"input\":\(encode(input)),\"verdict\":\(encode(verdict)),\"reason\":\(encode(reason))}"
  }

  /// A JSON string literal for `string`, with every scalar a terminal must not see as itself
  /// (``TerminalText/mustEscape(_:)``) written as a `\u` escape, as a surrogate pair above
  /// U+FFFF: the line stays valid JSON and decodes to `string` exactly.
  static func encode(_ string: String) -> String {
    var result = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where TerminalText.mustEscape(scalar):
        for unit in String(scalar).utf16 { result += String(format: "\\u%04x", unit) }
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
