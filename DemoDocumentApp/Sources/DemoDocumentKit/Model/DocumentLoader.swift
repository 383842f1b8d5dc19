public import Foundation

/// Reads topic files, turning every problem into an error that names the file, the path
/// inside it and what was expected.
public enum DocumentLoader {
  /// A topic file that could not be read.
  public struct LoadError: Error, CustomStringConvertible, Equatable {
    /// The file.
    public let file: String
    /// Where in the file, like `documents[1].blocks[3].link.url`; empty for the whole file.
    public let path: String
    /// What was expected or what went wrong.
    public let problem: String

    /// Where in the text the problem is, when it can be told.
    public var position: JSONTextPosition?

    /// Creates an error.
    public init(file: String, path: String, problem: String, position: JSONTextPosition? = nil) {
      self.file = file
      self.path = path
      self.problem = problem
      self.position = position
    }

    /// `file:line:column: at path: problem`, as compilers write it, so that editors and
    /// terminals can jump there.
    public var description: String {
      let place = position.map { "\(file):\($0)" } ?? file
      return path.isEmpty ? "\(place): \(problem)" : "\(place): at \(path): \(problem)"
    }
  }

  /// Loads the topic in `file`.
  public static func load(_ file: URL) throws(LoadError) -> Topic {
    let data: Data
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder) else {
      throw LoadError(file: file.path, path: "", problem: "no such file")
    }
    guard !isFolder.boolValue else {
      throw LoadError(file: file.path, path: "", problem: "is a folder; give a document file (a .json)")
    }
    do {
      data = try Data(contentsOf: file)
    } catch {
      throw LoadError(file: file.path, path: "", problem: "cannot be read (\(error.localizedDescription))")
    }
    return try decode(data, file: file.path)
  }

  /// Decodes a topic from `data`; `file` names it in errors.
  public static func decode(_ data: Data, file: String) throws(LoadError) -> Topic {
    do {
      return try JSONDecoder().decode(Topic.self, from: data)
    } catch let error as DecodingError {
      var described = describe(error, file: file)
      described.position =
        described.problem == "is not valid JSON"
        ? JSONTextPosition.ofSyntaxError(in: data) : JSONTextPosition.of(codingPath(of: error), in: data)
      throw described
    } catch {
      throw LoadError(file: file, path: "", problem: "is not a valid document (\(error.localizedDescription))")
    }
  }

  private static func describe(_ error: DecodingError, file: String) -> LoadError {
    switch error {
    case .typeMismatch(let type, let context):
      return LoadError(file: file, path: path(context.codingPath), problem: "expected \(name(of: type))")
    case .valueNotFound(let type, let context):
      return LoadError(file: file, path: path(context.codingPath), problem: "expected \(name(of: type)), found null")
    case .keyNotFound(let key, let context):
      return LoadError(file: file, path: path(context.codingPath), problem: "missing key \"\(key.stringValue)\"")
    case .dataCorrupted(let context):
      let problem = context.codingPath.isEmpty ? "is not valid JSON" : context.debugDescription
      return LoadError(file: file, path: path(context.codingPath), problem: problem)
    @unknown default:
      return LoadError(file: file, path: "", problem: "is not a valid document")
    }
  }

  private static func codingPath(of error: DecodingError) -> [any CodingKey] {
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
      .dataCorrupted(let context):
      context.codingPath
    @unknown default: []
    }
  }

  private static func name(of type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is [Any].Type, is [Span].Type, is [Block].Type, is [Document].Type: "a list"
    default: "an object (\(type))"
    }
  }

  private static func path(_ codingPath: [any CodingKey]) -> String {
    var result = ""
    for key in codingPath {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += result.isEmpty ? key.stringValue : ".\(key.stringValue)"
      }
    }
    return result
  }
}

extension Topic {
  /// Every link in the topic, depth first, in the order a reader meets them.
  public var links: [Link] { documents.flatMap(\.links) }
}

extension Document {
  /// Every link in the document and its sub-documents, depth first.
  public var links: [Link] {
    blocks.flatMap { block -> [Link] in
      switch block {
      case .heading, .image: []
      case .paragraph(let spans): spans.compactMap(\.link)
      case .link(let link): [link]
      case .html(let page): page.links
      case .document(let document): document.links
      }
    }
  }

  /// Where every link in the document and its sub-documents leads, depth first: links in
  /// web content resolved against their page, the others as written. Links that are not
  /// URLs at all are left out.
  public var linkURLs: [URL] {
    blocks.flatMap { block -> [URL] in
      switch block {
      case .heading, .image: []
      case .paragraph(let spans): spans.compactMap { $0.link.flatMap { URL(string: $0.url) } }
      case .link(let link): URL(string: link.url).map { [$0] } ?? []
      case .html(let page): page.links.compactMap(page.url(of:))
      case .document(let document): document.linkURLs
      }
    }
  }
}
