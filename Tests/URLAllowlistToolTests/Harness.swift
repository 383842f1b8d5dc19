import Foundation
import Testing

@testable import URLAllowlistTool

/// Runs the tool against in-memory files and standard input, collecting what it prints.
final class Harness: @unchecked Sendable {
  // `@unchecked`: the printed lines are appended under `lock` (the remote path logs from
  // the allowlist actor); the rest is set before `run` and read after it.
  private let lock = NSLock()
  var files: [String: String] = [:]
  var input: [String] = []
  /// Called as the tool reads line `index`, with how many lines it has printed by then.
  var onRead: ((Int, Int) -> Void)?
  private var printed: [String] = []
  private var printedErrors: [String] = []
  var cacheRoot = FileManager.default.temporaryDirectory.appendingPathComponent(
    "url-allowlist-tests-\(UUID().uuidString)")

  var output: [String] { lock.withLock { printed } }
  var errors: [String] { lock.withLock { printedErrors } }

  func run(_ arguments: String...) async -> Int32 {
    await run(arguments)
  }

  func run(_ arguments: [String]) async -> Int32 {
    var lines = input[...]
    let tool = Tool(
      readFile: { [files] path in
        guard let text = files[path] else { throw CocoaError(.fileNoSuchFile) }
        return Data(text.utf8)
      },
      readLine: { [self] in
        if let onRead, let next = lines.indices.first { onRead(next, output.count) }
        return lines.popFirst().map { InputLine($0) }
      },
      output: { line in self.lock.withLock { self.printed.append(line) } },
      errorOutput: { line in self.lock.withLock { self.printedErrors.append(line) } },
      defaultCacheRoot: { [cacheRoot] in cacheRoot }
    )
    return await tool.run(arguments)
  }
}

let document = #"{"version": 1, "allow": ["example.com", "*.trusted.org"], "comment": "ignored"}"#
