import Foundation
import URLResponderChainAllowlist
import URLResponderChainCore
import URLResponderChainRemoteAllowlist

/// The `url-allowlist` command, with its input and output injected so tests can run it.
struct Tool {
  var readFile: (String) throws -> Data = { try Data(contentsOf: URL(fileURLWithPath: $0)) }
  var readLine: () -> InputLine? = LineReader().next
  var output: (String) -> Void = { print($0) }
  /// Writes out whatever `output` has gathered; called before `check` reports its summary.
  var flush: () -> Void = {}
  var errorOutput: @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }

  /// Where a remote allowlist is cached when `--cache-dir` is not given.
  var defaultCacheRoot: () -> URL = {
    (FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory).appendingPathComponent("url-allowlist")
  }

  /// Runs with the arguments after the program name and returns the exit status.
  func run(_ arguments: [String]) async -> Int32 {
    let command: Command
    do {
      command = try Command.parse(arguments)
    } catch {
      errorOutput("url-allowlist: \(TerminalText.escaped(error.message))\n\n\(error.subcommand?.usage ?? usage)")
      return ExitStatus.usage
    }
    switch command {
    case .help(let subcommand):
      output(subcommand?.usage ?? usage)
      return ExitStatus.success
    case .version:
      output(version)
      return ExitStatus.success
    case .validate(let file):
      return validate(file)
    case .check(.file(let file), let json, let urls):
      switch load(file) {
      case .success(let allowlist):
        let policy = LinkPolicy(inApp: allowlist)
        return check(json: json, urls: urls) { policy.printedDestination(for: $0) }
      case .failure(let failure):
        errorOutput("url-allowlist: \(failure.message)")
        return failure.status
      }
    case .check(.remote(let endpoint, let cacheDirectory, let timeout), let json, let urls):
      let remote: RemoteAllowlist
      do {
        remote = try RemoteAllowlist(configuration: remoteConfiguration(endpoint, cacheDirectory, timeout))
      } catch {
        errorOutput("url-allowlist: \(TerminalText.escaped("\(error)"))")
        return ExitStatus.usage
      }
      let current: Result<Allowlist, RemoteAllowlistFailure>
      do throws(RemoteAllowlistFailure) {
        current = .success(try await remote.loadAllowlist())
      } catch {
        current = .failure(error)
      }
      let destination: @Sendable (String) -> (opens: String, reason: String)
      switch current {
      case .success(let allowlist):
        let policy = LinkPolicy(inApp: allowlist)
        destination = { policy.printedDestination(for: $0) }
      case .failure(let failure):
        destination = { _ in ("discarded", "no valid allowlist: \(failure)") }
      }
      let status = check(json: json, urls: urls, destination: destination)
      // A stale-while-revalidate refresh started above must reach the cache before the
      // process exits, or the next run revalidates the old list again (bounded by --timeout).
      await remote.finishPendingFetch()
      if case .failure = current {
        errorOutput(
          "url-allowlist: no valid allowlist could be had from \(TerminalText.escaped(endpoint.absoluteString))")
        return ExitStatus.allowlistUnavailable
      }
      return status
    }
  }

  private struct LoadFailure: Error {
    let message: String
    let status: Int32
  }

  private func load(_ file: String) -> Result<Allowlist, LoadFailure> {
    let data: Data
    do {
      data = try readFile(file)
    } catch {
      return .failure(
        LoadFailure(
          message: TerminalText.escaped("cannot read \(file): \(error.localizedDescription)"),
          status: ExitStatus.unreadableAllowlist))
    }
    do throws(AllowlistError) {
      return .success(try Allowlist(document: data))
    } catch {
      return .failure(
        LoadFailure(
          message: "\(TerminalText.escaped(file)) is not a valid allowlist:\n"
            + error.problems.map { "  " + TerminalText.escaped($0.description) }.joined(separator: "\n"),
          status: ExitStatus.invalidAllowlist))
    }
  }

  private func validate(_ file: String) -> Int32 {
    let data: Data
    do {
      data = try readFile(file)
    } catch {
      errorOutput(
        "url-allowlist: \(TerminalText.escaped("cannot read \(file): \(error.localizedDescription)"))")
      return ExitStatus.unreadableAllowlist
    }
    do throws(AllowlistError) {
      let allowlist = try Allowlist(document: data)
      output("\(TerminalText.escaped(file)): valid, \(allowlist.count) rule\(allowlist.count == 1 ? "" : "s")")
      for key in Self.unknownKeys(in: data) {
        output("  warning: unknown key \"\(TerminalText.escaped(key))\" is ignored (check its spelling: \"deny\"?)")
      }
      return ExitStatus.success
    } catch {
      output("\(TerminalText.escaped(file)): \(error.problems.count) problem\(error.problems.count == 1 ? "" : "s")")
      for problem in error.problems { output("  " + TerminalText.escaped(problem.description)) }
      return ExitStatus.invalidAllowlist
    }
  }

  /// The top-level keys of a valid document that this version does not read, sorted.
  ///
  /// They are warnings, not errors: a list served to apps of several versions may carry
  /// fields only newer ones read, and refusing them would fail every older app closed. The
  /// warning is for the list's author, for whom an unknown key is most often a misspelt
  /// `"deny"`, which would otherwise leave the list allowing what it meant to refuse.
  static func unknownKeys(in data: Data) -> [String] {
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return [] }
    return object.keys.filter { !["version", "allow", "deny"].contains($0) }.sorted()
  }

  private func remoteConfiguration(_ endpoint: URL, _ cacheDirectory: String?, _ timeout: Double)
    -> RemoteAllowlistConfiguration
  {
    var configuration = RemoteAllowlistConfiguration(endpoint: endpoint)
    configuration.fetchTimeout = .milliseconds(Int64(timeout * 1000))
    configuration.requestTimeout = configuration.fetchTimeout
    configuration.cacheLocation = .directory(
      cacheDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) }
        ?? defaultCacheRoot().appendingPathComponent(Self.folderName(for: endpoint.absoluteString), isDirectory: true))
    configuration.log = { [errorOutput] in errorOutput("url-allowlist: \(TerminalText.escaped($0))") }
    return configuration
  }

  /// A folder name for an endpoint, so lists from different endpoints do not evict each other.
  static func folderName(for endpoint: String) -> String {
    let safe = endpoint.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "_" }
    return String(String(safe).prefix(120))
  }

  /// How many input lines are judged together, on every core, before their rows are written.
  static let batchSize = 8_192

  /// Prints one verdict per URL as it goes (rows are never all held: lines are read, judged
  /// on every core and written in batches of ``batchSize``, in input order), then a summary
  /// line on standard error. Blank lines in the input are skipped and counted.
  ///
  /// A line it cannot read (not UTF-8, longer than ``LineReader/maximumLineLength``, or not a
  /// JSON string literal with `--json`) gets a "discarded" row saying why, so that rows and
  /// lines stay in step, and the command exits with ``ExitStatus/unreadableInput``, naming
  /// the first such line: never a silent "discarded".
  private func check(
    json: Bool, urls: [String], destination: @escaping @Sendable (String) -> (opens: String, reason: String)
  ) -> Int32 {
    var table = VerdictTable(emit: output)
    var tally = (inApp: 0, systemAction: 0, discarded: 0, blank: 0, unreadable: 0)
    var firstUnreadable: (line: Int, reason: String)?
    var lineNumber = 0
    func judge(_ lines: [InputLine], literals: Bool) {
      let rows = lines.parallelMap { line -> Row in
        // A line that is not UTF-8 is refused, not repaired: the repaired URL is not the one given.
        let url = !line.isUTF8 ? nil : literals ? JSONLine.decodeString(line.text) : line.text
        let (opens, reason) =
          url.map(destination)
          ?? (
            "discarded",
            line.isTooLong
              ? "input line is longer than \(LineReader.maximumLineLength) bytes"
              : line.isUTF8 ? "input is not a JSON string literal" : "input is not UTF-8"
          )
        let input = url ?? line.text
        return Row(
          opens: opens, isUnreadable: url == nil, input: input, reason: reason,
          json: json ? JSONLine.rowObject(input: input, opens: opens, reason: reason) : nil)
      }
      for (row, number) in zip(rows, lines.map(\.number)) {
        switch row.opens {
        case "inApp": tally.inApp += 1
        case "systemAction": tally.systemAction += 1
        default: tally.discarded += 1
        }
        if row.isUnreadable {
          tally.unreadable += 1
          if firstUnreadable == nil { firstUnreadable = (number, row.reason) }
        }
        if let line = row.json {
          output(line)
        } else {
          table.add(opens: row.opens, url: row.input, reason: row.reason)
        }
      }
    }
    if urls.isEmpty {
      var batch: [InputLine] = []
      batch.reserveCapacity(Self.batchSize)
      while var line = readLine() {
        lineNumber += 1
        if line.text.utf8.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) {
          tally.blank += 1
          continue
        }
        line.number = lineNumber
        batch.append(line)
        if batch.count == Self.batchSize {
          judge(batch, literals: json)
          batch.removeAll(keepingCapacity: true)
        }
      }
      judge(batch, literals: json)
    } else {
      judge(
        urls.enumerated().map { index, url in
          var line = InputLine(url)
          line.number = index + 1
          return line
        }, literals: false)
    }
    if !json { table.finish() }
    flush()
    let checked = tally.inApp + tally.systemAction + tally.discarded
    let blank = tally.blank == 0 ? "" : "; \(tally.blank) blank line\(tally.blank == 1 ? "" : "s") skipped"
    errorOutput(
      "url-allowlist: \(checked) URL\(checked == 1 ? "" : "s") checked: \(tally.inApp) inApp, \(tally.systemAction) systemAction, \(tally.discarded) discarded\(blank)"
    )
    guard let firstUnreadable else { return 0 }
    let lines = tally.unreadable == 1 ? "1 line" : "\(tally.unreadable) lines"
    let place = urls.isEmpty ? "line \(firstUnreadable.line)" : "argument \(firstUnreadable.line)"
    errorOutput("url-allowlist: \(lines) could not be read, the first at \(place): \(firstUnreadable.reason)")
    return ExitStatus.unreadableInput
  }

  /// One judged line.
  private struct Row: Sendable {
    /// Where the link opens: "inApp", "systemAction" or "discarded".
    let opens: String
    /// Whether the line could not be read as a URL (its row is a "discarded" saying why).
    let isUnreadable: Bool
    let input: String
    let reason: String
    /// The whole JSON line, in `--json` mode.
    let json: String?
  }
}

extension LinkPolicy {
  /// Where `input` opens, in the SDK's words (`LinkDestination`'s: "inApp", "systemAction", "discarded"), and why: the
  /// policy's own answer (``LinkPolicy/destination(for:)``), which a tap in an app gets.
  func printedDestination(for input: String) -> (opens: String, reason: String) {
    guard let url = URL(string: input) else { return ("discarded", "not a URL") }
    switch destination(for: url) {
    case .inApp(_, let reason): return ("inApp", reason)
    case .nativeAppOrDefaultBrowser(let reason), .systemAction(let reason): return ("systemAction", reason)
    case .discarded(let reason): return ("discarded", reason)
    }
  }
}
