import Foundation
import Testing

@testable import URLAllowlistTool

/// Input that is not UTF-8 is refused, not repaired: with a bad byte read as U+FFFD, `check`
/// would judge a URL the input does not hold.
@Suite struct NonUTF8InputTests {
  /// `bytes` through a pipe and a `LineReader`, as standard input reaches `check`.
  func lines(of bytes: [UInt8]) -> [InputLine] {
    let pipe = Pipe()
    let writer = Thread {
      pipe.fileHandleForWriting.write(Data(bytes))
      try? pipe.fileHandleForWriting.close()
    }
    writer.start()
    let reader = LineReader(pipe.fileHandleForReading)
    var lines: [InputLine] = []
    while let line = reader.next() { lines.append(line) }
    return lines
  }

  @Test func theReaderSaysWhichLinesAreNotUTF8() {
    let bytes: [UInt8] =
      Array("ok\r\n".utf8) + [0xFF] + Array("\nhttps://x.example/\u{E9}\n".utf8) + Array("https://x.example/".utf8)
      + [0xC3, 0x28, 0x0A] + Array("last".utf8) + [0xE2, 0x82]
    let read = lines(of: bytes)
    #expect(read.map(\.isUTF8) == [true, false, true, false, false])
    #expect(
      read.map(\.text) == ["ok", "\u{FFFD}", "https://x.example/\u{E9}", "https://x.example/\u{FFFD}(", "last\u{FFFD}"])
  }

  /// Forms a lenient decoder reads as text: an overlong `/` (C0 AF, the classic path trick),
  /// an encoded surrogate (ED A0 80, CESU-8), a code point past U+10FFFF (F4 90 80 80) and a
  /// five-byte form (F8 88 80 80 80). Each is refused as a whole line.
  @Test(arguments: [[0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80]])
  func encodingsALenientDecoderAcceptsAreNotUTF8(bytes: [UInt8]) {
    let read = lines(of: Array("https://example.com/a".utf8) + bytes + Array("b\n".utf8))
    #expect(read.count == 1)
    #expect(read.first?.isUTF8 == false)
  }

  @Test func aLineHoldingU_FFFDItselfIsUTF8() {
    #expect(lines(of: Array("https://x.example/\u{FFFD}\n".utf8)) == [InputLine("https://x.example/\u{FFFD}")])
  }

  @Test func checkRefusesALineThatIsNotUTF8() async {
    for json in [false, true] {
      let text = json ? #""https://example.com/a\#u{FFFD}""# : "https://example.com/a\u{FFFD}"
      var lines = [
        InputLine(text, isUTF8: false), InputLine(json ? #""https://example.com/b""# : "https://example.com/b"),
      ][...]
      var printed: [String] = []
      let tool = Tool(
        readFile: { _ in Data(#"{"version": 1, "allow": ["example.com"]}"#.utf8) },
        readLine: { lines.popFirst() }, output: { printed.append($0) }, errorOutput: { _ in })
      #expect(
        await tool.run(["check", "--allowlist", "list.json"] + (json ? ["--json"] : [])) == ExitStatus.unreadableInput)
      #expect(printed.count == 2)
      #expect(printed.first?.contains("input is not UTF-8") == true)
      #expect(printed.first?.contains("discarded") == true)
      #expect(printed.last?.contains("inApp") == true)
    }
  }

  @Test func theProgramRefusesBytesThatAreNotUTF8OnStandardInputAndAsArguments() throws {
    let list = FileManager.default.temporaryDirectory.appendingPathComponent("url-allowlist-utf8-\(UUID()).json")
    try Data(#"{"version":1,"allow":["example.com"]}"#.utf8).write(to: list)
    defer { try? FileManager.default.removeItem(at: list) }

    try #require(FileManager.default.isExecutableFile(atPath: BinaryTests.program.path))
    let standardInput = try BinaryTests.run(
      BinaryTests.program, ["check", "--allowlist", list.path], input: Data("https://example.com/".utf8 + [0xFF, 0x0A]))
    #expect(standardInput.status == 3)
    #expect(standardInput.errors.hasSuffix("could not be read, the first at line 1: input is not UTF-8\n"))
    #expect(standardInput.output.hasPrefix("discarded"))
    #expect(standardInput.output.contains("input is not UTF-8"))

    // Arguments are bytes too: a shell passes them as they are.
    let argument = try BinaryTests.run(
      URL(fileURLWithPath: "/bin/sh"),
      [
        "-c", #"exec "$0" check --allowlist "$1" "$(printf 'https://example.com/\377')""#,
        BinaryTests.program.path, list.path,
      ], input: Data())
    #expect(argument.status == ExitStatus.usage)
    #expect(argument.output.isEmpty)
    #expect(argument.errors == "url-allowlist: argument 4 is not UTF-8\n")
  }
}
