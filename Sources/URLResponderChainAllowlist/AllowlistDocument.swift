public import Foundation
import URLResponderChainCore

/// Reads the allowlist document for ``Allowlist/init(document:entryLimit:byteLimit:)``, whose
/// documentation states the rules this reader keeps.
enum AllowlistDocument {
  /// One entry of a list as the document holds it.
  enum Entry {
    /// A string: a rule to compile.
    case rule(String)
    /// Any other JSON value, shown short and escaped for the problem it is.
    case notAString(String)
  }

  /// Parses, validates and compiles a document.
  ///
  /// - Parameters:
  ///   - data: The JSON document.
  ///   - entryLimit: The most entries accepted.
  ///   - byteLimit: The largest document accepted, in bytes.
  /// - Returns: The compiled allowlist.
  /// - Throws: ``AllowlistError`` with every problem found.
  static func load(from data: Data, entryLimit: Int, byteLimit: Int) throws(AllowlistError) -> Allowlist {
    func fail(_ reason: String) -> AllowlistError {
      AllowlistError(problems: [.init(list: nil, index: nil, entry: nil, reason: reason)])
    }
    guard data.count <= byteLimit else {
      throw fail("the document is \(data.count) bytes, more than the limit of \(byteLimit) bytes")
    }
    // Strictly first: a duplicate name would let two readers see two different lists.
    if let problem = JSONNameCheck.problem(in: data) { throw fail("not valid JSON: \(problem)") }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw fail("not valid JSON")
    }
    guard let document = object as? [String: Any] else { throw fail("the document is not a JSON object") }
    if let problem = nearMiss(in: document.keys) { throw fail(problem) }
    // JSONDecoder is strict where JSONSerialization's bridging is not: `true` is no Int.
    struct Header: Decodable { let version: Int }
    guard let header = try? JSONDecoder().decode(Header.self, from: data),
      header.version == Allowlist.supportedDocumentVersion
    else {
      throw fail("unsupported or missing \"version\" (this SDK reads version \(Allowlist.supportedDocumentVersion))")
    }
    // Problems with the lists themselves come first; entries are then judged one by one.
    var problems: [AllowlistError.Problem] = []
    func entries(_ key: String, required: Bool) -> [Entry] {
      guard let value = document[key] else {
        if required { problems.append(.init(list: nil, index: nil, entry: nil, reason: "missing \"\(key)\" list")) }
        return []
      }
      guard let array = value as? [Any] else {
        problems.append(.init(list: nil, index: nil, entry: nil, reason: "\"\(key)\" is not a list"))
        return []
      }
      return array.map { value in
        if let text = value as? String { return .rule(text) }
        return .notAString(shown(value))
      }
    }
    let allow = entries("allow", required: true)
    let deny = entries("deny", required: false)
    if allow.count + deny.count > entryLimit {
      throw fail("\(allow.count + deny.count) entries exceed the limit of \(entryLimit)")
    }
    let allowlist: Allowlist
    do throws(AllowlistError) {
      allowlist = try Allowlist(entries: allow, deny: deny)
    } catch {
      throw AllowlistError(problems: problems + error.problems)
    }
    guard problems.isEmpty else { throw AllowlistError(problems: problems) }
    return allowlist
  }

  /// A JSON value as JSON text, cut short after 40 characters, for a problem's reason: every
  /// scalar outside printable ASCII shown as `\u{…}`, so the value can neither forge a line
  /// nor hide what it is.
  /// A name that is not one of the document's own but is one of them to a case-insensitive
  /// reader (`"Deny"`, `"DENY"`, `"verſion"`, whose long s uppercases to `S`). This reader
  /// would ignore it and drop its rules, while a validator that folds case would read them:
  /// so it rejects the document instead.
  private static func nearMiss(in names: Dictionary<String, Any>.Keys) -> String? {
    for name in names where !["version", "allow", "deny"].contains(name) {
      for own in ["version", "allow", "deny"] where name.lowercased() == own || name.uppercased() == own.uppercased() {
        return
          "the name \"\(name.shownEscaped(limit: 80))\" is \"\(own)\" to a reader that ignores case; write \"\(own)\""
      }
    }
    return nil
  }

  private static func shown(_ value: Any) -> String {
    guard let data = try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys])
    else { return "a value" }
    let scalars = String(decoding: data, as: UTF8.self).unicodeScalars
    let shown = scalars.prefix(40).map {
      (0x20..<0x7F).contains($0.value) ? String($0) : "\\u{\(String($0.value, radix: 16))}"
    }
    return shown.joined() + (scalars.count > 40 ? "…" : "")
  }
}

extension Allowlist {
  /// The only document version this SDK reads.
  public static let supportedDocumentVersion = 1
  /// The most entries (allow and deny together) a document may hold by default.
  public static let defaultEntryLimit = 200_000
  /// The largest document read by default, in bytes (2 MB): the same limit a
  /// `RemoteAllowlistConfiguration` applies to a response. A larger document is rejected
  /// before it is parsed, so reading one never takes memory out of proportion to it.
  public static let defaultByteLimit = 2 * 1024 * 1024

  /// Reads, validates and compiles an allowlist document:
  /// `{"version": 1, "allow": [...], "deny": [...]}`.
  ///
  /// Unknown keys are ignored, except one that differs from `version`, `allow` or `deny` only
  /// in case (`"Deny"`): a reader that ignores case would read it, so the document is
  /// rejected. Any other `version` is rejected; `deny` may be omitted. The JSON must be exactly
  /// RFC 8259's, and a name that appears twice in one object, at any depth, rejects the
  /// document (`{"allow": […], "allow": […]}` means two lists to two readers). Every entry is
  /// validated and every bad one reported by list and index; one bad entry rejects the whole
  /// document, so a half-loaded list never replaces a good one.
  ///
  /// ```swift
  /// let allowlist = try Allowlist(document: data)
  /// ```
  ///
  /// - Parameters:
  ///   - document: The JSON document.
  ///   - entryLimit: The most entries accepted.
  ///   - byteLimit: The largest document accepted, in bytes.
  /// - Throws: ``AllowlistError`` with every problem found.
  public init(
    document: Data, entryLimit: Int = Allowlist.defaultEntryLimit, byteLimit: Int = Allowlist.defaultByteLimit
  ) throws(AllowlistError) {
    self = try AllowlistDocument.load(from: document, entryLimit: entryLimit, byteLimit: byteLimit)
  }
}
