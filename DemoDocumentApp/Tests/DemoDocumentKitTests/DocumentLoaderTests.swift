import DemoDocumentKit
import Foundation
import Testing

@Suite struct DocumentLoaderTests {
  private func load(_ json: String) throws(DocumentLoader.LoadError) -> Topic {
    try DocumentLoader.decode(Data(json.utf8), file: "doc.json")
  }

  @Test func theSampleTopicLoadsWithEveryKindOfBlock() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Documents/topic.json")
    let topic = try DocumentLoader.load(file)
    #expect(topic.documents.count == 4)
    #expect(topic.links.count == 14)
    #expect(topic.links.allSatisfy { $0.expect != nil })
    #expect(Set(topic.links.compactMap(\.expect)) == Set(LinkExpectation.allCases))
  }

  /// Links for warming up the in-app browser: resolved as Foundation resolves them, so an
  /// `href` it cannot read (a script with a tab in its scheme) is left out.
  @Test func webLinksLeadWhereFoundationResolvesThem() throws {
    let topic = try load(
      #"""
      {"title": "t", "documents": [{"id": "a", "title": "A", "blocks": [
        {"link": {"title": "one", "url": "https://example.com/1"}},
        {"html": {"url": "https://docs.example.com/articles/web",
                  "content": "<a href='#notes'>n</a> <a href='/reference'>r</a> <a href=' Java\tScript:x'>s</a>"}},
        {"link": {"title": "not a URL", "url": ""}}
      ]}]}
      """#)
    #expect(
      topic.documents[0].linkURLs.map(\.absoluteString) == [
        "https://example.com/1", "https://docs.example.com/articles/web#notes", "https://docs.example.com/reference",
      ])
  }

  @Test func linksAreListedDepthFirstInReadingOrder() throws {
    let topic = try load(
      #"""
      {"title": "t", "documents": [{"id": "a", "title": "A", "blocks": [
        {"paragraph": [{"text": "one", "url": "https://example.com/1"}, {"text": " plain "}]},
        {"document": {"id": "b", "title": "B", "blocks": [{"link": {"title": "two", "url": "https://example.com/2"}}]}},
        {"link": {"title": "three", "url": "https://example.com/3", "expect": "system"}}
      ]}]}
      """#)
    #expect(topic.links.map(\.title) == ["one", "two", "three"])
    #expect(topic.links.map(\.expect) == [nil, nil, .system])
  }

  @Test(arguments: [
    (
      #"{"title": "t", "documents": [{"id": "a", "title": "A", "blocks": [{"video": "v"}]}]}"#,
      "doc.json:1:67: at documents[0].blocks[0]: expected an object with exactly one of the keys heading, paragraph, image, link, html, document"
    ),
    (
      #"{"title": "t", "documents": [{"id": "a", "title": "A", "blocks": [{"heading": "h", "image": "i"}]}]}"#,
      "doc.json:1:67: at documents[0].blocks[0]: expected an object with exactly one of the keys heading, paragraph, image, link, html, document"
    ),
    (
      #"{"title": "t", "documents": [{"id": "a", "title": "A", "blocks": [{"link": {"title": "x", "url": 5}}]}]}"#,
      "doc.json:1:98: at documents[0].blocks[0].link.url: expected a string"
    ),
    (
      #"{"title": "t", "documents": [{"id": "a", "blocks": []}]}"#,
      "doc.json:1:30: at documents[0]: missing key \"title\""
    ),
    (#"{"title": "t", "documents": {}}"#, "doc.json:1:29: at documents: expected a list"),
    (
      #"{"title": "t", "documents": [{"id": "a", "title": "A", "blocks": [{"link": {"title": "x", "url": "u", "expect": "maybe"}}]}]}"#,
      "doc.json:1:113: at documents[0].blocks[0].link.expect"
    ),
    ("{\"title\": ", "doc.json:1:11: is not valid JSON"),
    ("", "doc.json:1:1: is not valid JSON"),
  ])
  func aBrokenDocumentNamesTheFileThePathAndWhatWasExpected(json: String, message: String) {
    #expect {
      try load(json)
    } throws: { error in
      "\(error)".hasPrefix(message)
    }
  }

  @Test func aMissingFileIsReportedNotCrashed() {
    #expect {
      try DocumentLoader.load(URL(fileURLWithPath: "/nonexistent/topic.json"))
    } throws: { error in
      "\(error)" == "/nonexistent/topic.json: no such file"
    }
  }

  @Test(arguments: [
    // Syntax: where the text stops being JSON.
    ("{\"title\": \"x\",\n  \"documents\": [\n   {\"title\": \"a\",, }\n]}", "doc.json:3:18: is not valid JSON"),
    ("{\"title\": \"x\"", "doc.json:1:14: is not valid JSON"),
    // Shape: where the value the decoder wanted is, or its container.
    (
      "{\"title\": \"x\",\n  \"documents\": [\n   {\"title\": 3}\n]}",
      "doc.json:3:4: at documents[0]: missing key \"id\""
    ),
    ("{\"title\": 7, \"documents\": []}", "doc.json:1:11: at title: expected a string"),
    ("{\"title\": \"é\",\n\"documents\": {}}", "doc.json:2:14: at documents: expected a list"),
  ])
  func anErrorNamesTheFileLineAndColumn(json: String, message: String) {
    #expect(throws: DocumentLoader.LoadError.self) { try load(json) }
    do {
      _ = try load(json)
    } catch {
      #expect(error.description == message)
    }
  }

  @Test func aFolderOrAMissingFileIsSaidInWords() throws {
    let folder = FileManager.default.temporaryDirectory
    #expect(
      throws: DocumentLoader.LoadError(
        file: folder.path, path: "", problem: "is a folder; give a document file (a .json)")
    ) {
      try DocumentLoader.load(folder)
    }
    let missing = folder.appendingPathComponent("no-such-\(UUID()).json")
    #expect(throws: DocumentLoader.LoadError(file: missing.path, path: "", problem: "no such file")) {
      try DocumentLoader.load(missing)
    }
  }

  @Test func aDeeplyNestedTextIsLocatedWithoutExhaustingTheStack() {
    let deep = Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
    #expect(JSONTextPosition.ofSyntaxError(in: deep) == JSONTextPosition(line: 1, column: 513))
  }
}
