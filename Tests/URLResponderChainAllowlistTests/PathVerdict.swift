import Foundation
import TestSupport
import Testing
import URLResponderChainAllowlist

/// The verdict of a list of `allow` and `deny` rules for `url`, checked to be the same for the
/// string and for the `URL` made from it.
func pathVerdict(allow: [String], deny: [String] = [], _ url: String) throws -> URLVerdict {
  let allowlist = try Allowlist(allow: allow, deny: deny)
  let byString = allowlist.verdict(for: url)
  #expect(allowlist.verdict(for: try #require(URL(string: url))) == byString, "one verdict for the string and the URL")
  return byString
}
