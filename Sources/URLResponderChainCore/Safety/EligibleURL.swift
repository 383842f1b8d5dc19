public import Foundation

/// A URL that passed every safety rule, with the parts matching works on: the one way to ask
/// whether a URL may be matched against an allowlist or shown in an in-app browser.
///
/// ```swift
/// do {
///   let link = try EligibleURL("https://Example.COM./a")
///   print(link.host)   // example.com
/// } catch {
///   print(error)       // a URLRefusal: a readable reason
/// }
/// ```
///
/// The rules are deliberately stricter than a browser's, so that what is matched is always
/// what the browser will load:
///
/// - scheme `http` or `https` (any case), written `scheme://host`;
/// - no user name or password; no control character, space, DEL or backslash in the input;
/// - a host of ASCII letters, digits and hyphens in non-empty labels, lowercased, one
///   trailing dot dropped; no `%`, `[` or `]`; not an IP address in any form (a last label
///   that is a number, `0x…` included); no non-ASCII written in the host, and no reserved
///   `??--` label but an internationalized `xn--…` one in its single canonical form (it
///   decodes to lowercase letters, marks and digits in NFC and encodes back to itself; any
///   other `xn--` label is refused, never repaired). An internationalized host is matched as
///   that ASCII form, so a look-alike is always another host;
/// - the scheme's default port, unless the port is in `permittedPorts`;
/// - Foundation's view of the host must equal the host as written; where parsers could
///   disagree, the URL is refused.
///
/// An app's own scheme (`myapp://document/42`) is accepted only where it is asked for with
/// ``init(_:customSchemes:permittedPorts:)``, under the same rules (it has no default port).
///
/// ``url`` is the exact value that was checked and must be the one that is opened.
public struct EligibleURL: Sendable, Hashable {
  /// The URL to open: exactly the value that was checked.
  public let url: URL
  /// `"http"` or `"https"`; or one of the app's own schemes, only when the check was asked
  /// for them (``init(_:customSchemes:permittedPorts:)``).
  public let scheme: String
  /// The host, lowercased, without a trailing dot: only letters, digits, hyphens and dots.
  public let host: String
  /// The explicit port when it is not the scheme's default; `nil` otherwise.
  public let port: Int?
  /// The percent-encoded path a browser loads, in the one spelling every server reads the
  /// same way: `.` and `..` segments (also written `%2e`, in any case) resolved as the URL
  /// Standard resolves them, `"/"` when empty; then RFC 3986's normal form, with
  /// percent-encoded unreserved characters decoded (`%61` is `a`) and the hex digits of every
  /// other escape in uppercase (`%2f` is `%2F`, still not a `/`). So
  /// `https://example.com/guides/%2e%2e/admin` has the path `/admin`, and
  /// `https://example.com/%61ds/1` the path `/ads/1`. ``url`` is left exactly as it was
  /// checked.
  public let path: String
}

extension EligibleURL {
  /// Checks a string the app is about to open.
  ///
  /// - Parameters:
  ///   - string: The raw URL string.
  ///   - permittedPorts: Non-default ports a rule names explicitly.
  /// - Throws: ``URLRefusal``, saying which rule the string broke.
  public init(_ string: String, permittedPorts: Set<Int> = []) throws(URLRefusal) {
    self = try URLSafety.check(string, permittedPorts: permittedPorts).get()
  }

  /// Checks a URL value the app is about to open.
  ///
  /// - Parameters:
  ///   - url: The URL; its `absoluteString` is what is checked, and `url` itself is kept.
  ///   - permittedPorts: Non-default ports a rule names explicitly.
  /// - Throws: ``URLRefusal``, saying which rule the URL broke.
  public init(_ url: URL, permittedPorts: Set<Int> = []) throws(URLRefusal) {
    self = try URLSafety.check(url, permittedPorts: permittedPorts).get()
  }

  /// Checks a URL that may use one of the app's own schemes, with the same rules as web URLs:
  /// written `scheme://host`, no user info, no forbidden characters, the host as written.
  ///
  /// ```swift
  /// let link = try EligibleURL(URL(string: "myapp://document/42")!, customSchemes: ["myapp"])
  /// ```
  ///
  /// - Parameters:
  ///   - url: The URL.
  ///   - customSchemes: The app's own schemes, lowercase; `http` and `https` are accepted too.
  ///     Reserved schemes (`javascript`, `file`, `data`, …) are never accepted.
  ///   - permittedPorts: Ports a rule names explicitly (a custom scheme has no default port).
  /// - Throws: ``URLRefusal``, saying which rule the URL broke.
  public init(_ url: URL, customSchemes: Set<String>, permittedPorts: Set<Int> = []) throws(URLRefusal) {
    self = try URLSafety.check(url, customSchemes: customSchemes, permittedPorts: permittedPorts).get()
  }
}
