/// Text styling that is used only when the output is a terminal.
struct Terminal {
  let colour: Bool

  func bold(_ text: String) -> String { style(text, "1") }
  func dim(_ text: String) -> String { style(text, "2") }
  func green(_ text: String) -> String { style(text, "32") }
  func red(_ text: String) -> String { style(text, "31") }
  func cyan(_ text: String) -> String { style(text, "36") }

  private func style(_ text: String, _ code: String) -> String {
    colour ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
