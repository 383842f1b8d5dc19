public import Foundation

/// The document screen's one rule: plain `http` links are upgraded to `https` before they
/// travel on up the chain.
public enum HTTPSUpgrade {
  /// The `https` form of an `http` URL, or `nil` when there is nothing to upgrade.
  public static func upgraded(_ url: URL) -> URL? {
    guard url.scheme?.lowercased() == "http",
      var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
    else { return nil }
    components.scheme = "https"
    if components.port == 80 { components.port = nil }
    return components.url
  }
}
