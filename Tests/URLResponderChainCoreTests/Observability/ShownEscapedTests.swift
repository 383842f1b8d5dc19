import TestSupport
import Testing

@testable import URLResponderChainCore

/// A server's or user's text, as reasons and log lines show it: bounded, and on one line.
@Suite struct ShownEscapedTests {
  @Test func textWithinTheLimitIsShownWhole() {
    #expect("abc".shownEscaped(limit: 3) == "abc")
    #expect("".shownEscaped(limit: 0) == "")
  }

  @Test func textPastTheLimitIsCutToTheLimitAndMarked() {
    #expect("abcd".shownEscaped(limit: 3) == "abc…")
    #expect("abc".shownEscaped(limit: 0) == "…")
    #expect(String(repeating: "x", count: 500).shownEscaped() == String(repeating: "x", count: 200) + "…")
  }

  @Test func controlAndNonASCIIScalarsAreEscapedAndCountOnce() {
    #expect("a\nb".shownEscaped() == #"a\nb"#)
    #expect("\u{1B}[2J".shownEscaped() == #"\u{1B}[2J"#)
    #expect("é\u{202E}".shownEscaped() == #"\u{00E9}\u{202E}"#)
    // The limit counts scalars, not the characters of their escapes.
    #expect("\u{1B}\u{1B}\u{1B}".shownEscaped(limit: 2) == #"\u{1B}\u{1B}…"#)
  }
}
