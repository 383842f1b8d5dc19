import Foundation
import Testing

/// The built `url-allowlist` program itself, as a shell runs it: what it writes to standard
/// output must reach it, whatever the command.
@Suite struct BinaryTests {
  /// The program built beside the test runner.
  static var program: URL {
    URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("url-allowlist")
  }

  func run(_ arguments: [String], input: String = "") throws -> (status: Int32, output: String, errors: String) {
    try Self.run(Self.program, arguments, input: Data(input.utf8))
  }

  /// Runs `executable` with `arguments` and `input` on its standard input, and returns its
  /// exit status and what it wrote.
  static func run(_ executable: URL, _ arguments: [String], input: Data) throws -> (
    status: Int32, output: String, errors: String
  ) {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(input)
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
  }

  @Test func everyCommandsOutputReachesStandardOutput() throws {
    try #require(
      FileManager.default.isExecutableFile(atPath: Self.program.path), "url-allowlist is built beside the tests")
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("url-allowlist-binary-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let list = folder.appendingPathComponent("list.json")
    try Data(#"{"version":1,"allow":["example.com"]}"#.utf8).write(to: list)

    let validate = try run(["validate", list.path])
    #expect(validate.status == 0)
    #expect(validate.output == "\(list.path): valid, 1 rule\n")

    let help = try run(["--help"])
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("OVERVIEW: "))
    #expect(help.output.contains("USAGE: url-allowlist"))

    let check = try run(["check", "--allowlist", list.path], input: "https://example.com/a\n\nhttps://evil.com\n")
    #expect(check.status == 0)
    #expect(check.output.split(separator: "\n").map { $0.prefix { $0 != " " } } == ["inApp", "systemAction"])
    #expect(
      check.errors == "url-allowlist: 2 URLs checked: 1 inApp, 1 systemAction, 0 discarded; 1 blank line skipped\n")
  }
}
