/// The text printed for `--help` and after a usage error.
let usage = """
  usage: url-allowlist validate FILE
         url-allowlist check --allowlist FILE [--json] [URL ...]
         url-allowlist check --allowlist-url URL [--cache-dir DIR] [--timeout SECONDS] [--json] [URL ...]

    validate   Exit 0 if FILE is a valid allowlist document; otherwise list every problem and exit 1.
    check      Print one verdict per URL, taken from the arguments or, when none are given, from
               standard input, one per line. With --json, each input line is a JSON string literal
               and each output line is {"input": …, "verdict": "allow"|"deny", "reason": …}.
               With --allowlist-url the list is fetched once (HTTP caching honoured) and kept in
               --cache-dir (default: the user's cache folder) for the next run; when no valid list
               can be had, every URL is denied with a reason naming the failure. --timeout bounds
               the whole fetch (default 10 seconds). A line that is not UTF-8 is denied, not
               repaired, and the exit status says so.

  Control and invisible format characters in lists and URLs are printed as \\u{…} escapes.

  Exit status: 0 when every URL got a verdict (or the file is valid), 1 for an invalid file
  (validate), 2 for unusable arguments (one that is not UTF-8 included) or an unreadable or
  invalid allowlist (check), 3 when some input could not be read as a URL (not UTF-8, a line
  over 2 MiB, or with --json not a JSON string literal): its row says why, and so does the
  last line on standard error.
  """
