/// A topic: a titled grid of documents. The root of a demo document file.
public struct Topic: Decodable, Sendable, Equatable {
  /// The topic's title.
  public let title: String
  /// The documents in the topic's grid.
  public let documents: [Document]

  /// The document with `id`, at any depth (embedded documents included).
  public func document(id: String) -> Document? {
    var pending = documents
    while !pending.isEmpty {
      let document = pending.removeFirst()
      if document.id == id { return document }
      for case .document(let nested) in document.blocks { pending.append(nested) }
    }
    return nil
  }
}

/// A document: a title and its blocks, which may embed further documents.
public struct Document: Decodable, Sendable, Equatable {
  /// An identifier for the document.
  public let id: String
  /// The document's title.
  public let title: String
  /// The document's content, in order.
  public let blocks: [Block]
}
