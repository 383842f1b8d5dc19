import Foundation

// `swift run -c release allowlist-tool-throughput [PATH-TO-url-allowlist]`
//
// Pipes 1,000,000 generated URLs through `url-allowlist check` (table and --json) and prints
// the rate and the process's peak resident memory, against `cat` of the same input as the
// floor measured in the same run. Targets: >= 500,000 URLs/s and <= 50 MB in every mode.
#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

let count = 1_000_000
let rounds = 3
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()  // …/Sources/AllowlistToolThroughput
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let tool = CommandLine.arguments.dropFirst().first ?? root.appendingPathComponent(".build/release/url-allowlist").path

if !FileManager.default.isExecutableFile(atPath: tool) {
  print("building url-allowlist (release) in \(root.path)…")
  let build = Process()
  build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  build.arguments = ["swift", "build", "-c", "release", "--product", "url-allowlist", "--package-path", root.path]
  try build.run()
  build.waitUntilExit()
  guard build.terminationStatus == 0 else { fatalError("could not build url-allowlist") }
}

// The input: a realistic mix of allowed, denied and refused links, and the list.
let folder = FileManager.default.temporaryDirectory.appendingPathComponent("allowlist-tool-throughput-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let list = folder.appendingPathComponent("list.json")
try Data(
  #"{"version":1,"allow":["example.com","*.trusted.org","docs.example.org/guides/*"],"deny":["*.ads.example.com"]}"#
    .utf8
).write(to: list)
let hosts = [
  "example.com", "a.trusted.org", "evil.com", "docs.example.org", "b.c.trusted.org", "x.ads.example.com",
  "cdn.example.com", "EXAMPLE.com.",
]
let plainFile = folder.appendingPathComponent("urls.txt")
let literalFile = folder.appendingPathComponent("urls.jsonl")
// Written a block at a time: a spawned child's peak memory can read no lower than this
// process's own at the spawn (the child shares it until it runs the program), so the harness
// stays small; `cat`'s peak below shows that floor.
_ = FileManager.default.createFile(atPath: plainFile.path, contents: nil)
_ = FileManager.default.createFile(atPath: literalFile.path, contents: nil)
let plainHandle = try FileHandle(forWritingTo: plainFile)
let literalHandle = try FileHandle(forWritingTo: literalFile)
for blockStart in stride(from: 0, to: count, by: 10_000) {
  var plain = ""
  var literals = ""
  for index in blockStart..<min(blockStart + 10_000, count) {
    let url = "https://\(hosts[index % hosts.count])/p/\(index)?q=\(index % 97)"
    plain += url + "\n"
    literals += "\"" + url + "\"\n"
  }
  plainHandle.write(Data(plain.utf8))
  literalHandle.write(Data(literals.utf8))
}
try plainHandle.close()
try literalHandle.close()

/// Runs `arguments` with `input` on standard input and standard output to /dev/null; returns
/// the wall time and the child's own peak resident memory.
func run(_ arguments: [String], input: URL) -> (seconds: Double, peakBytes: Int) {
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, input.path, O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
  let argv = arguments.map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var pid = pid_t()
  let start = ContinuousClock.now
  guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ) == 0 else {
    fatalError("cannot run \(arguments)")
  }
  var status: Int32 = 0
  var usage = rusage()
  _ = wait4(pid, &status, 0, &usage)
  let elapsed = ContinuousClock.now - start
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  #if canImport(Darwin)
    let peak = Int(usage.ru_maxrss)  // bytes
  #else
    let peak = Int(usage.ru_maxrss) * 1024  // kilobytes
  #endif
  return (seconds, peak)
}

func best(_ arguments: [String], input: URL) -> (seconds: Double, peakBytes: Int) {
  var results = (1...rounds).map { _ in run(arguments, input: input) }
  results.sort { $0.seconds < $1.seconds }
  return (results[0].seconds, results.map(\.peakBytes).max() ?? 0)
}

let floor = best(["cat"], input: plainFile)
print("url-allowlist check, \(count) URLs, best of \(rounds) (\(ProcessInfo.processInfo.activeProcessorCount) cores)")
print(
  String(
    format: "floor: cat of the same input, %.3f s, peak %.1f MB (the harness's own memory: no child reads lower)",
    floor.seconds, Double(floor.peakBytes) / 1_048_576))
for (mode, input, extra) in [("table", plainFile, [String]()), ("--json", literalFile, ["--json"])] {
  let measured = best([tool, "check", "--allowlist", list.path] + extra, input: input)
  let rate = Double(count) / measured.seconds
  print(
    String(
      format: "%-7@ %.2f s  %7.0f URLs/s (target >= 500000)  peak %.1f MB (target <= 50)  %.0f× the floor",
      mode as NSString, measured.seconds, rate, Double(measured.peakBytes) / 1_048_576, measured.seconds / floor.seconds
    ))
}
