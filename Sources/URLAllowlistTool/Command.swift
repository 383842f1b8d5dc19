/// A parsed command line.
enum Command: Equatable {
  case help
  case validate(file: String)
  case check(allowlist: String, json: Bool, urls: [String])

  /// A command-line problem, reported with the usage text and exit status 2.
  struct UsageError: Error, Equatable {
    let message: String
  }

  /// Parses the arguments after the program name.
  static func parse(_ arguments: [String]) throws(UsageError) -> Command {
    guard let verb = arguments.first else { throw UsageError(message: "missing command") }
    let rest = Array(arguments.dropFirst())
    switch verb {
    case "-h", "--help", "help":
      return .help
    case "validate":
      guard rest.count == 1, !rest[0].hasPrefix("-") else {
        throw UsageError(message: "validate takes exactly one FILE")
      }
      return .validate(file: rest[0])
    case "check":
      var allowlist: String?
      var json = false
      var urls: [String] = []
      var index = 0
      var optionsEnded = false
      while index < rest.count {
        let argument = rest[index]
        if optionsEnded || !argument.hasPrefix("--") {
          urls.append(argument)
        } else if argument == "--" {
          optionsEnded = true
        } else if argument == "--json" {
          json = true
        } else if argument == "--allowlist" || argument.hasPrefix("--allowlist=") {
          let value: String
          if let equals = argument.firstIndex(of: "=") {
            value = String(argument[argument.index(after: equals)...])
          } else {
            index += 1
            guard index < rest.count else { throw UsageError(message: "--allowlist needs a FILE") }
            value = rest[index]
          }
          guard allowlist == nil else { throw UsageError(message: "--allowlist given twice") }
          guard !value.isEmpty else { throw UsageError(message: "--allowlist needs a FILE") }
          allowlist = value
        } else {
          throw UsageError(message: "unknown option \(argument)")
        }
        index += 1
      }
      guard let allowlist else { throw UsageError(message: "check needs --allowlist FILE") }
      return .check(allowlist: allowlist, json: json, urls: urls)
    default:
      throw UsageError(message: "unknown command \"\(verb)\"")
    }
  }
}
