/// The tool's version, printed by `--version`.
let version = "0.1.0-dev"

/// The exit statuses: one condition, one status, in every subcommand. The usage error is
/// `EX_USAGE` (64), as ArgumentParser's validation failures are; the other sysexits values
/// are used where one names the condition.
enum ExitStatus {
  /// The command did what it was asked: every URL got a row, or the list is valid.
  static let success: Int32 = 0
  /// The allowlist document is not valid (`validate`, and `check --allowlist`).
  static let invalidAllowlist: Int32 = 1
  /// Some input line or argument could not be read as a URL (`check`): its row says why.
  static let unreadableInput: Int32 = 3
  /// The command line cannot be used (`EX_USAGE`).
  static let usage: Int32 = 64
  /// The allowlist file cannot be read (`EX_NOINPUT`).
  static let unreadableAllowlist: Int32 = 66
  /// No valid list could be had from `--allowlist-url`, fresh or cached (`EX_UNAVAILABLE`):
  /// every row says "discarded", because an app without its list shows nothing in-app either.
  static let allowlistUnavailable: Int32 = 69
}

/// The exit-status table every help text ends with.
private let statuses = """
  Exit status (the same condition gives the same status in every subcommand):
    0   done: every URL got a row, or the list is valid
    1   the allowlist document is not valid (problems listed)
    3   some input could not be read as a URL (not UTF-8, a line over 2 MiB, or with --json
        not a JSON string literal): its row says why, and so does the last line on stderr
    64  the command line cannot be used (EX_USAGE)
    66  the allowlist file cannot be read (EX_NOINPUT)
    69  no valid list could be had from --allowlist-url (EX_UNAVAILABLE): every row says
        "discarded", with the failure as its reason
  """

/// The text printed for `--help` and after a usage error outside a subcommand.
let usage = """
  OVERVIEW: Check allowlist documents, and where links open under one.

  USAGE: url-allowlist <subcommand> [options]
         url-allowlist help [<subcommand>]
         url-allowlist --version

  SUBCOMMANDS:
    validate   Check that a file is a valid allowlist document.
    check      Print where each URL opens under a list: inApp, systemAction or discarded.

    See 'url-allowlist help <subcommand>' (or 'url-allowlist <subcommand> --help').

  Control and invisible format characters in lists and URLs are printed as \\u{…} escapes.

  \(statuses)
  """

/// The text printed for `validate --help`.
let validateUsage = """
  OVERVIEW: Check that FILE is a valid allowlist document.

  USAGE: url-allowlist validate FILE

    Exit 0 if FILE is valid (unknown top-level keys are warned about); otherwise list every
    problem and exit 1.

  \(statuses)
  """

/// The text printed for `check --help`.
let checkUsage = """
  OVERVIEW: Print where each URL opens under an allowlist, in the SDK's words.

  USAGE: url-allowlist check --allowlist FILE [--json] [URL ...]
         url-allowlist check --allowlist-url URL [--cache-dir DIR] [--timeout SECONDS] [--json] [URL ...]

    One row per URL, taken from the arguments or, when none are given, from standard input,
    one per line: where the link opens, the URL, and the rule or reason.
      inApp          the list allows it: the in-app browser shows it
      systemAction   the system opens it (not a web link, or one the list does not allow)
      discarded      nobody opens it (a deny rule, or a scheme that never leaves its document)
    With --json each input line is a JSON string literal and each output line is
    {"input": …, "opens": "inApp"|"systemAction"|"discarded", "reason": …}.

    With --allowlist-url the list is fetched once (HTTP caching honoured) and kept in
    --cache-dir (default: the user's cache folder) for the next run. --timeout bounds the
    whole fetch (default 10 seconds). A line that is not UTF-8 is not repaired: its row is
    "discarded" and the exit status says so.

  \(statuses)
  """

extension Command.Subcommand {
  /// The subcommand's help text.
  var usage: String {
    switch self {
    case .validate: validateUsage
    case .check: checkUsage
    }
  }
}
