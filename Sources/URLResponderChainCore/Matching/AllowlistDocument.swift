public import Foundation

/// The allowlist document: `{"version": 1, "allow": [...], "deny": [...]}`.
///
/// Unknown keys are ignored; any other `version` is refused; `deny` may be omitted. Every
/// entry is validated and every bad one reported by list and index; one bad entry refuses
/// the whole document, so a half-loaded list never replaces a good one.
///
/// ```swift
/// let allowlist = try AllowlistDocument.load(from: data)
/// ```
public enum AllowlistDocument {
  /// The only document version this SDK reads.
  public static let supportedVersion = 1
  /// The most entries (allow and deny together) a document may hold by default.
  public static let defaultEntryLimit = 200_000

  /// Parses, validates and compiles a document.
  ///
  /// - Parameters:
  ///   - data: The JSON document.
  ///   - entryLimit: The most entries accepted.
  /// - Returns: The compiled allowlist.
  /// - Throws: ``AllowlistError`` with every problem found.
  public static func load(from data: Data, entryLimit: Int = defaultEntryLimit) throws(AllowlistError) -> Allowlist {
    func fail(_ reason: String) -> AllowlistError {
      AllowlistError(problems: [.init(list: nil, index: nil, entry: nil, reason: reason)])
    }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: data)
    } catch {
      throw fail("not valid JSON")
    }
    guard let document = object as? [String: Any] else { throw fail("the document is not a JSON object") }
    // JSONDecoder is strict where JSONSerialization's bridging is not: `true` is no Int.
    struct Header: Decodable { let version: Int }
    guard let header = try? JSONDecoder().decode(Header.self, from: data), header.version == supportedVersion else {
      throw fail("unsupported or missing \"version\" (this SDK reads version \(supportedVersion))")
    }
    var problems: [AllowlistError.Problem] = []
    func strings(_ key: String, required: Bool) -> [String] {
      guard let value = document[key] else {
        if required { problems.append(.init(list: nil, index: nil, entry: nil, reason: "missing \"\(key)\" list")) }
        return []
      }
      guard let array = value as? [Any] else {
        problems.append(.init(list: nil, index: nil, entry: nil, reason: "\"\(key)\" is not a list"))
        return []
      }
      var result: [String] = []
      for (index, element) in array.enumerated() {
        if let string = element as? String {
          result.append(string)
        } else {
          problems.append(
            .init(list: AllowlistError.List(rawValue: key), index: index, entry: nil, reason: "not a string"))
          result.append("")
        }
      }
      return result
    }
    let allow = strings("allow", required: true)
    let deny = strings("deny", required: false)
    if allow.count + deny.count > entryLimit {
      throw fail("\(allow.count + deny.count) entries exceed the limit of \(entryLimit)")
    }
    let compiled: Result<Allowlist, AllowlistError> = Result { () throws(AllowlistError) in
      try Allowlist(allow: allow, deny: deny)
    }
    switch compiled {
    case .success(let allowlist) where problems.isEmpty:
      return allowlist
    case .success:
      throw AllowlistError(problems: problems)
    case .failure(let error):
      // Entries already reported as "not a string" were compiled as "" and failed again.
      let notStrings = Set(
        problems.compactMap { problem in problem.index.map { "\(problem.list?.rawValue ?? "")\($0)" } })
      let patternProblems = error.problems.filter {
        !notStrings.contains("\($0.list?.rawValue ?? "")\($0.index ?? -1)")
      }
      throw AllowlistError(problems: (problems + patternProblems).sorted(by: Self.documentOrder))
    }
  }

  private static func documentOrder(_ a: AllowlistError.Problem, _ b: AllowlistError.Problem) -> Bool {
    func key(_ problem: AllowlistError.Problem) -> (Int, Int) {
      switch problem.list {
      case nil: (0, 0)
      case .allow: (1, problem.index ?? 0)
      case .deny: (2, problem.index ?? 0)
      }
    }
    return key(a) < key(b)
  }
}
