public import Foundation

/// Stands in for `UIApplication.open`: opens URLs whose scheme it knows and records them.
///
/// ```swift
/// let opener = FakeSystemOpener(openableSchemes: ["https", "mailto"])
/// let app = TestApplication(systemOpener: opener)
/// // … propagate …
/// #expect(opener.openedURLs == [URL(string: "mailto:a@example.com")!])
/// ```
@MainActor
public final class FakeSystemOpener {
  /// The schemes (lowercased) the "system" has an app for.
  public var openableSchemes: Set<String>
  /// Every URL opened, in order.
  public private(set) var openedURLs: [URL] = []
  /// Every URL that was asked for and refused, in order.
  public private(set) var refusedURLs: [URL] = []

  /// Creates an opener.
  ///
  /// - Parameter openableSchemes: The schemes it opens; by default web, mail and phone links.
  public init(openableSchemes: Set<String> = ["http", "https", "mailto", "tel"]) {
    self.openableSchemes = openableSchemes
  }

  /// Opens `url` if its scheme is openable, and records it either way.
  ///
  /// - Returns: Whether it opened.
  @discardableResult
  public func open(_ url: URL) -> Bool {
    guard let scheme = url.scheme?.lowercased(), openableSchemes.contains(scheme) else {
      refusedURLs.append(url)
      return false
    }
    openedURLs.append(url)
    return true
  }
}
