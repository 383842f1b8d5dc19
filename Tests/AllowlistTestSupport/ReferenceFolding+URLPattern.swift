package import TestSupport
package import URLResponderChainAllowlist

extension ReferenceFolding {
  /// `pattern` parsed again from text with its literals folded.
  package static func folding(_ pattern: URLPattern) -> URLPattern {
    guard let path = pattern.path else { return pattern }
    var text = pattern.scheme.map { "\($0)://" } ?? ""
    text += (pattern.matchesSubdomainsOnly ? "*." : "") + pattern.host + (pattern.port.map { ":\($0)" } ?? "") + "/"
    text += path.map { segment -> String in
      switch segment {
      case .literal(let literal): fold(literal)
      case .placeholder(let name): ":" + name
      case .rest: "*"
      }
    }.joined(separator: "/")
    return (try? URLPattern(text)) ?? pattern
  }
}
