import Foundation
import Testing

@testable import URLAllowlistTool

/// `check` at the scale of an app's content: rows stream out, in input order, in bounded
/// memory; blank lines are skipped and counted.
@Suite struct StreamingTests {
  @Test func blankLinesAreSkippedAndCountedInTheSummary() async {
    for mode in [[], ["--json"]] {
      let harness = Harness()
      harness.files["list.json"] = document
      let url = mode.isEmpty ? "https://example.com" : #""https://example.com""#
      harness.input = ["", "  ", url, "\t", " \t "]
      #expect(await harness.run(["check", "--allowlist", "list.json"] + mode) == 0)
      #expect(harness.output.count == 1)
      #expect(
        harness.errors == ["url-allowlist: 1 URL checked: 1 inApp, 0 systemAction, 0 discarded; 4 blank lines skipped"])
    }
  }

  @Test func rowsAreWrittenWhileTheInputIsStillBeingRead() async {
    for mode in [[], ["--json"]] {
      let harness = Harness()
      harness.files["list.json"] = document
      harness.input = (0..<30_000).map { mode.isEmpty ? "https://example.com/\($0)" : #""https://example.com/\#($0)""# }
      harness.onRead = { index, printed in
        // By the last line, every full batch before it has been written.
        if index == 29_999 { #expect(printed >= 3 * Tool.batchSize) }
      }
      #expect(await harness.run(["check", "--allowlist", "list.json"] + mode) == 0)
      #expect(harness.output.count == 30_000)
    }
  }

  @Test func rowsKeepTheInputOrderAcrossBatchesAndCores() async throws {
    let harness = Harness()
    harness.files["list.json"] = document
    let urls = (0..<20_000).map { $0.isMultiple(of: 3) ? "https://evil.example/\($0)" : "https://example.com/\($0)" }
    harness.input = urls.map(JSONLine.encode)
    #expect(await harness.run("check", "--allowlist", "list.json", "--json") == 0)
    let inputs = try harness.output.map {
      try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: String])["input"]
    }
    #expect(inputs == urls)
    #expect(harness.errors == ["url-allowlist: 20000 URLs checked: 13333 inApp, 6667 systemAction, 0 discarded"])
  }

  @Test func theTableStaysAlignedByItsLookAhead() async {
    let harness = Harness()
    harness.files["list.json"] = document
    harness.input = (0..<2_500).map { "https://example.com/" + String(repeating: "a", count: $0 % 30) }
    #expect(await harness.run("check", "--allowlist", "list.json") == 0)
    let columns = Set(harness.output.map { $0.range(of: "allowed by")!.lowerBound.utf16Offset(in: $0) })
    #expect(columns.count == 1, "every reason starts in the same column")
  }

  @Test func theReaderSplitsLinesAcrossChunksAsReadLineDoes() throws {
    let pipe = Pipe()
    let long = String(repeating: "x", count: 200_000)
    let text = "a\r\nb\n\n\(long)\nlast"
    let writer = Thread {
      pipe.fileHandleForWriting.write(Data(text.utf8))
      try? pipe.fileHandleForWriting.close()
    }
    writer.start()
    let reader = LineReader(pipe.fileHandleForReading)
    var lines: [String] = []
    while let line = reader.next() {
      #expect(line.isUTF8)
      lines.append(line.text)
    }
    #expect(lines == ["a", "b", "", long, "last"])
  }

  @Test func aLineLongerThanTheLimitIsReportedByItsFirstBytesAndNeverHeld() throws {
    let pipe = Pipe()
    let overlong = String(repeating: "x", count: 300_000)
    let atTheLimit = String(repeating: "y", count: 100_000)
    let overlongLast = String(repeating: "z", count: 150_000)
    let text = "a\n\(overlong)\r\nb\n\(atTheLimit)\n\(String(repeating: "w", count: 100_001))\n\(overlongLast)"
    let writer = Thread {
      pipe.fileHandleForWriting.write(Data(text.utf8))
      try? pipe.fileHandleForWriting.close()
    }
    writer.start()
    let reader = LineReader(pipe.fileHandleForReading, maximumLineLength: 100_000)
    var lines: [InputLine] = []
    while let line = reader.next() { lines.append(line) }
    #expect(lines.map(\.isTooLong) == [false, true, false, false, true, true])
    #expect(
      lines.map(\.text) == [
        "a", String(repeating: "x", count: 64) + "…", "b", atTheLimit, String(repeating: "w", count: 64) + "…",
        String(repeating: "z", count: 64) + "…",
      ])
  }

  @Test func theProgramRefusesALineLongerThanTheLimitWithAClearReason() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("url-allowlist-long-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let list = folder.appendingPathComponent("list.json")
    try Data(#"{"version":1,"allow":["example.com"]}"#.utf8).write(to: list)
    let long = "https://example.com/" + String(repeating: "a", count: LineReader.maximumLineLength)
    let input = "https://example.com/a\n\(long)\nhttps://example.com/b\n"
    let run = try BinaryTests.run(BinaryTests.program, ["check", "--allowlist", list.path], input: Data(input.utf8))
    let rows = run.output.split(separator: "\n")
    #expect(rows.count == 3)
    #expect(rows.map { $0.prefix { $0 != " " } } == ["inApp", "discarded", "inApp"])
    #expect(rows.count == 3 && rows[1].contains("input line is longer than 2097152 bytes"))
    #expect(
      run.errors
        == "url-allowlist: 3 URLs checked: 2 inApp, 0 systemAction, 1 discarded\n"
        + "url-allowlist: 1 line could not be read, the first at line 2: input line is longer than 2097152 bytes\n")
    #expect(run.status == 3)
  }
}
