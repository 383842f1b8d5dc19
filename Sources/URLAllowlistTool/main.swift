import Foundation

// An argument that is not UTF-8 would reach the tool repaired (U+FFFD for each bad byte), and
// `check` would judge a URL nobody gave it: it is refused, as `check` refuses such input lines.
for index in 1..<Int(CommandLine.argc) {
  guard let argument = CommandLine.unsafeArgv[index] else { continue }
  let bytes = UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) }
  guard InputLine(decoding: bytes[...]).isUTF8 else {
    FileHandle.standardError.write(Data("url-allowlist: argument \(index) is not UTF-8\n".utf8))
    exit(ExitStatus.usage)
  }
}

// Standard input and output in large blocks: `check` streams a million URLs in bounded memory.
let input = LineReader()
let output = BufferedOutput()
let tool = Tool(readLine: input.next, output: output.write, flush: output.flush)
let status = await tool.run(Array(CommandLine.arguments.dropFirst()))
output.flush()
exit(status)
