extension Duration {
  /// The duration as people read it in a log line: `188 ms` under a second, `2.4 s` under a
  /// minute, `3 min 5 s` beyond (rounded, never `0.1879616205707034 seconds`).
  var spokenDescription: String {
    let (seconds, attoseconds) = components
    let milliseconds = seconds * 1_000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
    if milliseconds < 1_000 { return "\(max(milliseconds, 0)) ms" }
    let tenths = (milliseconds + 50) / 100
    if tenths < 600 { return "\(tenths / 10).\(tenths % 10) s" }
    let wholeSeconds = (milliseconds + 500) / 1_000
    let rest = wholeSeconds % 60
    return rest == 0 ? "\(wholeSeconds / 60) min" : "\(wholeSeconds / 60) min \(rest) s"
  }
}
