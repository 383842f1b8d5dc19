import DemoDocumentKit
import Foundation
import URLResponderChain
import URLResponderChainAllowlist
import URLResponderChainRemoteAllowlist

/// The sample documents and allowlist shipped in the app bundle.
enum BundledDocuments {
  static func url(_ name: String) -> URL? {
    Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Documents")
  }

  static func topic() -> Topic {
    guard let file = url("topic"), let topic = try? DocumentLoader.load(file) else {
      return Topic.unavailable
    }
    return topic
  }

  /// The bundled allowlist: the baseline the app fails closed to when the endpoint is unreachable.
  static func baseline() -> Allowlist? {
    guard let file = url("allowlist"), let data = try? Data(contentsOf: file) else { return nil }
    return try? Allowlist(document: data)
  }
}

extension Topic {
  /// Shown when the bundled document cannot be read.
  static var unavailable: Topic {
    try! JSONDecoder().decode(
      Topic.self, from: Data(#"{"title": "Document unavailable", "documents": []}"#.utf8))
  }
}
