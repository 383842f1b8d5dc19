import DemoDocumentKit
import Foundation
import URLResponderChain

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `demo-document [--all | --tap N | --interactive | --open URL | --scenario NAME] [--swiftui] [--document FILE]`.
@MainActor
enum DemoCommand {
  static let usage = """
    usage: demo-document [--all | --tap N | --interactive | --open URL | --scenario NAME] [--swiftui]
                         [--document FILE]

      Renders an interactive document and routes its links through the responder chain,
      printing for each link the responders visited, their decisions and timings, and the
      outcome (in-app Safari view, external app, system, blocked).

      --all            tap every link in order (the default)
      --tap N          tap link N only
      --interactive    ask which link to tap, by number, until q
      --open URL       deliver URL as a link that opens the app (cold start: queued until
                       the window exists, then sent up from the top-most screen), e.g.
                       demodoc://document/contact or https://docs.example.com/documents/guide
      --scenario NAME  recover from a network failure: offline, signed-out or server-error.
                       Two in-app links and a refresh of the document (the app's own request)
                       fail at once; one prompt appears; all three retry together (offline: by
                       themselves when the network returns; signed-out: after a sign-in, with
                       the fresh token; server-error: after Retry)
      --swiftui        render the documents as the app's SwiftUI screen does: each document
                       a view with a .urlHandler modifier (a chain node whose next node is the
                       enclosing document's), in a hosting controller under the same topic
      --document FILE  use another document (default: DemoDocumentApp/Documents/topic.json)

    Exit status: 0 when every tapped link went where its document expects (with --open: when
    a screen handled the link; with --scenario: when one prompt covered the three failures and
    all three succeeded), 1 otherwise or for a broken document, 2 for unusable arguments.
    """

  /// The demo's own files, found relative to this source file in the checkout.
  static let documentsFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Documents")

  enum Mode: Equatable { case all, tap(Int), interactive, open(URL), scenario(RecoveryScenario.Name) }

  struct Options: Equatable {
    var mode: Mode?
    var document: String?
    /// Render the documents as SwiftUI views with link modifiers.
    var swiftUI = false
  }

  /// A command-line problem, reported with the usage text.
  struct UsageError: Error, Equatable {
    let message: String
  }

  /// The arguments that choose what the run does; a run does one thing.
  private static let modeFlags: Set = ["--all", "--tap", "--interactive", "--open", "--scenario"]

  /// The options, or `nil` for `--help`.
  static func parse(_ arguments: [String]) -> Result<Options?, UsageError> {
    var options = Options()
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if modeFlags.contains(argument), options.mode != nil {
        return .failure(UsageError(message: "give one of --all, --tap, --interactive, --open and --scenario"))
      }
      switch argument {
      case "-h", "--help":
        return .success(nil)
      case "--all", "--interactive":
        options.mode = argument == "--all" ? .all : .interactive
      case "--tap":
        guard index < arguments.count, let number = Int(arguments[index]), number > 0 else {
          return .failure(UsageError(message: "--tap needs a link number from 1"))
        }
        options.mode = .tap(number)
        index += 1
      case "--open":
        guard index < arguments.count, let url = URL(string: arguments[index]), url.scheme != nil else {
          return .failure(UsageError(message: "--open needs an absolute URL"))
        }
        options.mode = .open(url)
        index += 1
      case "--scenario":
        let names = RecoveryScenario.Name.allCases.map(\.rawValue).joined(separator: ", ")
        guard index < arguments.count, let name = RecoveryScenario.Name(rawValue: arguments[index]) else {
          return .failure(UsageError(message: "--scenario needs one of \(names)"))
        }
        options.mode = .scenario(name)
        index += 1
      case "--swiftui":
        options.swiftUI = true
      case "--document":
        guard index < arguments.count, !arguments[index].isEmpty else {
          return .failure(UsageError(message: "--document needs a FILE"))
        }
        options.document = arguments[index]
        index += 1
      default:
        return .failure(UsageError(message: "unknown argument \(argument)"))
      }
    }
    return .success(options)
  }

  static func run(
    _ arguments: [String],
    output: @escaping (String) -> Void = { print($0) },
    errorOutput: @escaping (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) },
    colour: Bool = isatty(STDOUT_FILENO) == 1,
    readLine: () -> String? = { Swift.readLine() },
    propagation: URLPropagationOptions = URLPropagationOptions()
  ) async -> Int32 {
    let options: Options
    switch parse(arguments) {
    case .success(let parsed?): options = parsed
    case .success(nil):
      output(usage)
      return 0
    case .failure(let error):
      errorOutput("demo-document: \(error.message)\n\n\(usage)")
      return 2
    }
    // The allowlist server on 127.0.0.1 keeps URLSession off any configured proxy
    // (`LoopbackHTTPServer.keepLoopbackOffProxies()`, once per process).

    let topic: Topic
    let allowlist: Data
    let file = options.document.map { URL(fileURLWithPath: $0) } ?? documentsFolder.appendingPathComponent("topic.json")
    do {
      topic = try DocumentLoader.load(file)
      allowlist = try Data(contentsOf: documentsFolder.appendingPathComponent("allowlist.json"))
    } catch let error as DocumentLoader.LoadError {
      errorOutput("demo-document: \(error)")
      return 1
    } catch {
      errorOutput("demo-document: cannot read the demo's allowlist.json: \(error.localizedDescription)")
      return 1
    }

    if case .scenario(let name) = options.mode {
      do {
        let scenario = try RecoveryScenario(
          name, topic: topic, topicJSON: try Data(contentsOf: file), allowlist: allowlist,
          terminal: Terminal(colour: colour), output: output)
        return await scenario.run() ? 0 : 1
      } catch {
        errorOutput("demo-document: cannot start the scenario's server on 127.0.0.1: \(error)")
        return 1
      }
    }

    let runner: DemoRunner
    do {
      runner = try DemoRunner(
        topic: topic, allowlist: allowlist, swiftUI: options.swiftUI, terminal: Terminal(colour: colour), output: output
      )
    } catch {
      errorOutput("demo-document: cannot start the allowlist server on 127.0.0.1: \(error)")
      return 1
    }
    runner.propagation = propagation
    if case .open(let url) = options.mode {
      return await runner.open(url) ? 0 : 1
    }
    // A link number the document does not have is an error before anything is printed.
    if case .tap(let number) = options.mode, number > runner.linkCount {
      errorOutput("demo-document: there is no link \(number); the document has \(Self.count(runner.linkCount, "link"))")
      return 2
    }
    runner.render()
    guard runner.linkCount > 0 else {
      output("(this document has no links)")
      return 0
    }

    switch options.mode ?? .all {
    case .all:
      var mismatches = 0
      for number in 1...runner.linkCount {
        let tap = await runner.tap(number)
        runner.report(tap)
        if !tap.matchesExpectation { mismatches += 1 }
      }
      output("")
      output(
        mismatches == 0
          ? (runner.linkCount == 1
            ? "The link went where its document expects."
            : "All \(runner.linkCount) links went where their document expects.")
          : "\(mismatches) of \(Self.count(runner.linkCount, "link")) did not go where their document expects.")
      return mismatches == 0 ? 0 : 1
    case .tap(let number):
      let tap = await runner.tap(number)
      runner.report(tap)
      return tap.matchesExpectation ? 0 : 1
    case .interactive:
      while true {
        output("Tap a link (1–\(runner.linkCount)), or q to quit:")
        guard let line = readLine()?.trimmingCharacters(in: .whitespaces), line != "q" else { return 0 }
        guard let number = Int(line), (1...runner.linkCount).contains(number) else {
          output("No link \"\(line)\".")
          continue
        }
        runner.report(await runner.tap(number))
      }
    case .open, .scenario:
      return 2  // handled above
    }
  }

  /// `1 link`, `14 links`.
  static func count(_ number: Int, _ noun: String) -> String {
    number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
  }
}
