import Foundation

/// How much of the long differential inputs a run covers: all of it when the environment
/// sets `URLRESPONDERCHAIN_STRESS=1` (the stress step of `.ci/run`), a tenth otherwise, so
/// that a contributor's `swift test` stays fast. The same seeds run either way: the short run
/// is the start of the long one.
package enum Stress {
  package static let isFull = ProcessInfo.processInfo.environment["URLRESPONDERCHAIN_STRESS"] == "1"

  /// `full` in a stress run, a tenth of it otherwise (at least one).
  package static func count(_ full: Int) -> Int { isFull ? full : max(1, full / 10) }
}
