extension String {
  /// A server's or user's text as it may appear in a reason, a log line or CLI output: at most
  /// `limit` scalars, every control character and non-ASCII scalar escaped (`\u{1B}`), so it
  /// can neither forge a line nor run on.
  package func shownEscaped(limit: Int = 200) -> String {
    let scalars = unicodeScalars
    let shown = scalars.prefix(limit).map { $0.escaped(asASCII: true) }.joined()
    return scalars.count > limit ? shown + "…" : shown
  }
}
