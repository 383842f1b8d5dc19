import Foundation
import Testing

/// The `url-allowlist` article's examples name files that exist, from the repository's root.
@Suite struct ReadmeExampleTests {
  @Test func everyAllowlistTheReadmeNamesExists() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    // The command's article, which the README links to.
    let readme = try String(
      contentsOf: root.appendingPathComponent(
        "Sources/URLResponderChainAllowlist/Documentation.docc/CheckingListsWithURLAllowlist.md"),
      encoding: .utf8)
    let files = readme.split(separator: "\n").compactMap { line -> String? in
      let words = line.split(separator: " ").map(String.init)
      guard let tool = words.firstIndex(of: "url-allowlist") else { return nil }
      if let flag = words.firstIndex(of: "--allowlist"), flag + 1 < words.count { return words[flag + 1] }
      if tool + 2 < words.count, words[tool + 1] == "validate" { return words[tool + 2] }
      return nil
    }
    #expect(files.count >= 3, "the article shows validate and check")
    for file in files {
      #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "\(file)")
    }
  }
}
