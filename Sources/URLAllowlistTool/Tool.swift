import Foundation
import URLResponderChainCore

/// The `url-allowlist` command, with its input and output injected so tests can run it.
struct Tool {
  var readFile: (String) throws -> Data = { try Data(contentsOf: URL(fileURLWithPath: $0)) }
  var readLine: () -> String? = { Swift.readLine(strippingNewline: true) }
  var output: (String) -> Void = { print($0) }
  var errorOutput: (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }

  /// Runs with the arguments after the program name and returns the exit status.
  func run(_ arguments: [String]) -> Int32 {
    let command: Command
    do {
      command = try Command.parse(arguments)
    } catch {
      errorOutput("url-allowlist: \(error.message)\n\n\(usage)")
      return 2
    }
    switch command {
    case .help:
      output(usage)
      return 0
    case .validate(let file):
      return validate(file)
    case .check(let file, let json, let urls):
      return check(file, json: json, urls: urls)
    }
  }

  private struct LoadFailure: Error { let message: String }

  private func load(_ file: String) -> Result<Allowlist, LoadFailure> {
    let data: Data
    do {
      data = try readFile(file)
    } catch {
      return .failure(LoadFailure(message: "cannot read \(file): \(error.localizedDescription)"))
    }
    do throws(AllowlistError) {
      return .success(try AllowlistDocument.load(from: data))
    } catch {
      return .failure(
        LoadFailure(
          message: "\(file) is not a valid allowlist:\n" + error.problems.map { "  \($0)" }.joined(separator: "\n")))
    }
  }

  private func validate(_ file: String) -> Int32 {
    guard let data = try? readFile(file) else {
      errorOutput("url-allowlist: cannot read \(file)")
      return 2
    }
    do throws(AllowlistError) {
      let allowlist = try AllowlistDocument.load(from: data)
      output("\(file): valid, \(allowlist.count) rule\(allowlist.count == 1 ? "" : "s")")
      return 0
    } catch {
      output("\(file): \(error.problems.count) problem\(error.problems.count == 1 ? "" : "s")")
      for problem in error.problems { output("  \(problem)") }
      return 1
    }
  }

  private func check(_ file: String, json: Bool, urls: [String]) -> Int32 {
    let allowlist: Allowlist
    switch load(file) {
    case .success(let loaded): allowlist = loaded
    case .failure(let failure):
      errorOutput("url-allowlist: \(failure.message)")
      return 2
    }
    var table = VerdictTable()
    func judge(_ input: String, url: String?) {
      let verdict: Allowlist.Verdict =
        url.map { allowlist.verdict(for: $0) } ?? .deny(reason: "input is not a JSON string literal")
      let (word, reason) =
        switch verdict {
        case .allow(let rule): ("allow", "matches allow rule \"\(rule)\"")
        case .deny(let reason): ("deny", reason)
        }
      if json {
        output(JSONLine.verdictObject(input: url ?? input, verdict: word, reason: reason))
      } else {
        table.add(verdict: word, url: url ?? input, reason: reason)
      }
    }
    if urls.isEmpty {
      while let line = readLine() {
        if json {
          if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
          judge(line, url: JSONLine.decodeString(line))
        } else {
          judge(line, url: line)
        }
      }
    } else {
      for url in urls { judge(url, url: url) }
    }
    if !json { table.lines().forEach(output) }
    return 0
  }
}
