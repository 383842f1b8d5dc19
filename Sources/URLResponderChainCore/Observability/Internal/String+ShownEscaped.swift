extension String {
  /// A server's or user's text as it may appear in a reason, a log line or CLI output: at most
  /// `limit` scalars, every control character and non-ASCII scalar escaped (`\u{1B}`), so it
  /// can neither forge a line nor run on.
  package func shownEscaped(limit: Int = 200) -> String {
    var shown = ""
    var count = 0
    for scalar in unicodeScalars {
      guard count < limit else { return shown + "…" }
      shown += scalar.escaped(asASCII: true)
      count += 1
    }
    return shown
  }
}
