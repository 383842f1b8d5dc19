import Foundation

/// A parsed command line.
enum Command: Equatable {
  /// Print the usage of the whole tool (`nil`) or of one subcommand, and exit 0.
  case help(Subcommand?)
  /// Print the version and exit 0.
  case version
  case validate(file: String)
  case check(source: AllowlistSource, json: Bool, urls: [String])

  /// Where `check` gets its allowlist.
  enum AllowlistSource: Equatable {
    case file(String)
    case remote(url: URL, cacheDirectory: String?, timeoutSeconds: Double)
  }

  /// The subcommands, each with a usage of its own.
  enum Subcommand: String, Equatable, CaseIterable {
    case validate
    case check
  }

  /// A command-line problem, reported with the usage text (of `subcommand`, when the problem
  /// is in one) and ``ExitStatus/usage``.
  struct UsageError: Error, Equatable {
    let message: String
    var subcommand: Subcommand?
  }

  /// Parses the arguments after the program name.
  ///
  /// As with ArgumentParser, `-h` and `--help` ask for help wherever they appear before a
  /// `--` (`url-allowlist check --help`), and so does `help [SUBCOMMAND]`.
  static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    guard let verb = arguments.first else { throw UsageError(message: "missing command") }
    let rest = Array(arguments.dropFirst())
    let subcommand = Subcommand(rawValue: verb)
    if subcommand != nil, rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) {
      return .help(subcommand)
    }
    do throws(UsageError) {
      return try parse(verb, rest)
    } catch {
      throw UsageError(message: error.message, subcommand: subcommand)
    }
  }

  private static func parse(_ verb: String, _ rest: [String]) throws(UsageError) -> Command {
    switch verb {
    case "-h", "--help":
      guard rest.isEmpty else { throw UsageError(message: "\(verb) takes no arguments") }
      return .help(nil)
    case "help":
      guard let topic = rest.first else { return .help(nil) }
      guard rest.count == 1, let subcommand = Subcommand(rawValue: topic) else {
        throw UsageError(message: "help takes one of: \(Subcommand.allCases.map(\.rawValue).joined(separator: ", "))")
      }
      return .help(subcommand)
    case "--version":
      guard rest.isEmpty else { throw UsageError(message: "--version takes no arguments") }
      return .version
    case "validate":
      guard rest.count == 1, !rest[0].hasPrefix("-") else {
        throw UsageError(message: "validate takes exactly one FILE")
      }
      return .validate(file: rest[0])
    case "check":
      var options = try Options.parse(
        rest, valued: ["--allowlist", "--allowlist-url", "--cache-dir", "--timeout"], flags: ["--json"])
      let json = options.flags.contains("--json")
      switch (options.values["--allowlist"], options.values["--allowlist-url"]) {
      case (let file?, nil):
        guard options.values["--cache-dir"] == nil, options.values["--timeout"] == nil else {
          throw UsageError(message: "--cache-dir and --timeout go with --allowlist-url")
        }
        return .check(source: .file(file), json: json, urls: options.positional)
      case (nil, let url?):
        var timeout = 10.0
        if let text = options.values.removeValue(forKey: "--timeout") {
          guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
            throw UsageError(message: "--timeout takes a number of seconds greater than 0")
          }
          timeout = seconds
        }
        guard let endpoint = URL(string: url),
          ["http", "https"].contains(endpoint.scheme?.lowercased() ?? ""),
          endpoint.host?.isEmpty == false
        else {
          throw UsageError(message: "--allowlist-url needs an http or https URL")
        }
        return .check(
          source: .remote(url: endpoint, cacheDirectory: options.values["--cache-dir"], timeoutSeconds: timeout),
          json: json, urls: options.positional)
      case (nil, nil):
        throw UsageError(message: "check needs --allowlist FILE or --allowlist-url URL")
      case (_?, _?):
        throw UsageError(message: "give --allowlist or --allowlist-url, not both")
      }
    default:
      throw UsageError(message: "unknown command \"\(verb)\"")
    }
  }
}

/// Options, flags and positional arguments, with `--name value`, `--name=value` and `--`.
struct Options {
  var values: [String: String] = [:]
  var flags: Set<String> = []
  var positional: [String] = []

  static func parse(_ arguments: [String], valued: Set<String>, flags known: Set<String>) throws(Command.UsageError)
    -> Options
  {
    var options = Options()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || !argument.hasPrefix("--") {
        options.positional.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      let name = String(argument.prefix { $0 != "=" })
      if known.contains(name), name == argument {
        options.flags.insert(name)
        continue
      }
      guard valued.contains(name) else { throw Command.UsageError(message: "unknown option \(argument)") }
      let value: String
      if name != argument {
        value = String(argument.dropFirst(name.count + 1))
      } else {
        guard index < arguments.count else { throw Command.UsageError(message: "\(name) needs a value") }
        value = arguments[index]
        index += 1
      }
      guard !value.isEmpty else { throw Command.UsageError(message: "\(name) needs a value") }
      guard options.values[name] == nil else { throw Command.UsageError(message: "\(name) given twice") }
      options.values[name] = value
    }
    return options
  }
}
