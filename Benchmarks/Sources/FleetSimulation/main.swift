import Foundation
import OneThreadExecutor

// Many remote lists, each as an app holds it, against one list server on a virtual clock: what
// a fleet of phones sees of the list's freshness, its outages and a new deny rule. Every task
// runs on this thread (first, before any task starts), so no figure depends on the machine.
one_thread_executor_install()

/// The number after `name` on the command line, or `fallback`.
func option(_ name: String, _ fallback: Int) -> Int {
  let arguments = CommandLine.arguments
  return arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
    ?? fallback
}
let readers = option("--readers", 1000)
let casualUsers = option("--casual-users", 1000)

print(
  "\(readers) readers (6 sessions a day) and \(casualUsers) casual users (1.5 a day) on a virtual clock;"
    + " the server answers in 200 ms with Cache-Control: \(Published.cacheControl) and an ETag.\n")
let started = ContinuousClock.now
do {
  try aDay(readers: readers, casualUsers: casualUsers)
  print()
  try aLongSession(readers: min(readers, 200))
  print()
  try aPush(readers: readers, casualUsers: casualUsers)
} catch {
  print("the simulation could not start: \(error)")
  exit(1)
}
print("\nSimulated in \(spoken(ContinuousClock.now - started)) of real time.")
