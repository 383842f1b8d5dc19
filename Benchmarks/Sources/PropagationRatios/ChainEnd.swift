import Foundation
import PropagationWorkloads
import TaskPathOptions
import URLResponderChainCore

// Propagations that end as an app's do: nobody handles the link, the walk passes the
// application and asks its delegate, and the chain's end shows the link in-app with the
// declared policy. The end is always awaited in the walk's task, so both ways that task starts
// are measured: `Task.immediate` (iOS 26 and later, and here) and `Task {}` (iOS 16–25).
//
// Links are sent as the SDK's link views send a tap (the completion form), on sixteen screens
// in one main-actor turn. On the `Task {}` path their walks' tasks run in the next turn, which
// costs 8–20 µs here (on Linux, dispatch's main queue wakes two threads) against a
// propagation's few: sixteen taps share it, so that what is compared is the walk's own cost. A
// tap on a phone waits for a turn of its own: one tap awaited alone is printed after, with a
// turn measured apart.

/// How the walk's task starts once the walk stops at something to await.
enum TaskPath: CaseIterable {
  /// `Task.immediate`: synchronously, where the OS has it.
  case immediate
  /// `Task {}`: at the next main-actor turn, as on iOS 16–25.
  case deferred

  var options: URLPropagationOptions {
    switch self {
    case .immediate: URLPropagationOptions()
    case .deferred: .startingInATask
    }
  }

  var name: String {
    switch self {
    case .immediate: "Task.immediate (iOS 26 and later)"
    case .deferred: "Task {} (iOS 16–25)"
    }
  }
}

/// Screens alike, each with its own chain, presenter and browser, tapped one after the other in
/// one main-actor turn.
@MainActor
final class ChainEndScreens {
  static let count = 16

  let screens: [ChainEndWorkload]
  /// Taps whose completion has not run yet.
  private var waiting = 0
  private var allCompleted: UnsafeContinuation<Void, Never>?

  init(_ make: () -> ChainEndWorkload) {
    screens = (0..<Self.count).map { _ in make() }
  }

  /// In-app browsers presented on every screen.
  var presentations: Int { screens.reduce(0) { $0 + $1.environment.presentations } }

  /// Taps the link on every screen (``propagateURL(_:options:completion:)``, as link views
  /// send taps), and returns once every completion ran: at once on the `Task.immediate` path,
  /// after the main-actor turn that runs the walks' tasks on the `Task {}` path.
  func tapAll(options: URLPropagationOptions) async {
    waiting = screens.count
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      allCompleted = continuation
      for screen in screens {
        screen.start.propagateURL(benchmarkURL, options: options) { _ in self.completed() }
      }
    }
  }

  private func completed() {
    waiting -= 1
    guard waiting == 0, let continuation = allCompleted else { return }
    allCompleted = nil
    continuation.resume()
  }

  /// The hand-written propagation on every screen.
  func handWrittenAll() -> Int {
    screens.reduce(0) { $0 &+ $1.handWrittenPropagation() }
  }

  /// The person closes the browser on every screen.
  func closeAll() {
    for screen in screens { screen.close() }
  }
}

/// Whether a propagation's completion ran, on the main actor.
@MainActor
final class Completion {
  var hasRun = false
}

/// Stops the run unless a propagation through `workload` takes `path` and ends at the
/// declared presenter, and unless the presenter may present again once the browser is closed.
@MainActor
func checkChainEnd(_ workload: ChainEndWorkload, on path: TaskPath) async {
  let before = workload.environment.presentations
  let completion = Completion()
  workload.start.propagateURL(benchmarkURL, options: path.options) { _ in completion.hasRun = true }
  // On the `Task {}` path the walk's task has not run yet when `propagateURL` returns.
  let ranAtOnce = completion.hasRun
  while !completion.hasRun { await Task.yield() }
  workload.close()
  let result = await workload.start.propagateURL(benchmarkURL, options: path.options)
  workload.close()
  guard ranAtOnce == (path == .immediate), result.outcome == .handled,
    workload.environment.presentations == before + 2
  else {
    print("The chain's end on \(path.name) did not present in-app: \(result)")
    exit(1)
  }
}

/// The best time of one call of `body`, then every browser's close, per screen, in
/// nanoseconds; stops the run unless each call presented a browser on every screen.
@MainActor
func nanosecondsPerPresentation(
  _ screens: ChainEndScreens, calls: Int, _ body: () async -> Void
) async -> Double {
  let rounds = 7
  let before = screens.presentations
  let nanoseconds = await nanosecondsPerCall(rounds: rounds, calls: calls) {
    await body()
    screens.closeAll()
  }
  if screens.presentations - before != rounds * calls * ChainEndScreens.count {
    print("A propagation to the chain's end did not present in-app.")
    exit(1)
  }
  return nanoseconds / Double(ChainEndScreens.count)
}

/// Prints the marginal cost of one more view on the way to the chain's end on `path`, against
/// the hand-written floor's (target ≤ 2.5×), and against `nextNode` alone.
@MainActor
func compareChainEndPerHop(on path: TaskPath) async {
  let short = ChainEndScreens { .views(1) }
  let long = ChainEndScreens { .views(100) }
  await checkChainEnd(short.screens[0], on: path)
  await checkChainEnd(long.screens[0], on: path)
  let options = path.options
  var sink = 0
  let floor1 = await nanosecondsPerPresentation(short, calls: 4_000) { sink &+= short.handWrittenAll() }
  let floor100 = await nanosecondsPerPresentation(long, calls: 1_000) { sink &+= long.handWrittenAll() }
  let walk1 = await nanosecondsPerPresentation(short, calls: 4_000) { await short.tapAll(options: options) }
  let walk100 = await nanosecondsPerPresentation(long, calls: 1_000) { await long.tapAll(options: options) }
  let (shortStart, longStart) = (short.screens[0].start, long.screens[0].start)
  let pointers1 = await nanosecondsPerCall(calls: 40_000) { sink &+= chainLength(from: shortStart) }
  let pointers100 = await nanosecondsPerCall(calls: 20_000) { sink &+= chainLength(from: longStart) }
  let floorPerHop = (floor100 - floor1) / 99
  let walkPerHop = (walk100 - walk1) / 99
  let pointersPerHop = (pointers100 - pointers1) / 99
  print("  floor, marginal per view ((105 − 6) / 99):    \(format(floorPerHop))")
  print("  walk, marginal per view ((105 − 6) / 99):     \(format(walkPerHop))")
  print("  walk, fixed cost of a 6-node propagation:     \(format(walk1))")
  print(
    String(format: "  ratio, marginal per hop / floor per hop:      %8.2f×  (target ≤ 2.5×)", walkPerHop / floorPerHop))
  print("  nextNode alone, marginal per view:            \(format(pointersPerHop))")
  print(String(format: "  ratio, marginal per hop / nextNode alone:     %8.2f×", walkPerHop / pointersPerHop))
  if sink == 42 { print("") }
}

/// Prints a whole propagation through screens that `make` makes, on `path`, against its
/// hand-written floor (target ≤ 4×); on the `Task {}` path, also one tap awaited alone, which
/// waits for a main-actor turn of its own (`turn`, measured apart), as a tap on a phone does.
@MainActor
func compareChainEnd(
  named name: String, on path: TaskPath, turn: Double?, _ make: () -> ChainEndWorkload
) async {
  let screens = ChainEndScreens(make)
  await checkChainEnd(screens.screens[0], on: path)
  let options = path.options
  var sink = 0
  let handWritten = await nanosecondsPerPresentation(screens, calls: 2_000) { sink &+= screens.handWrittenAll() }
  let propagated = await nanosecondsPerPresentation(screens, calls: 2_000) { await screens.tapAll(options: options) }
  print("  \(name):")
  print("    hand-written walk and presentation:          \(format(handWritten))")
  print("    propagateURL, whole propagation:             \(format(propagated))")
  print(
    String(format: "  ratio, propagation / hand-written walk:       %8.2f×  (target ≤ 4×)", propagated / handWritten))
  if let turn {
    let screen = screens.screens[0]
    let before = screen.environment.presentations
    let alone = await nanosecondsPerCall(rounds: 7, calls: 20_000) {
      sink &+= await screen.start.propagateURL(benchmarkURL, options: options).trace.count
      screen.close()
    }
    if screen.environment.presentations - before != 7 * 20_000 {
      print("A propagation to the chain's end did not present in-app.")
      exit(1)
    }
    print("    one tap awaited alone, with its turn:        \(format(alone))  (a turn alone: \(format(turn)))")
    print(String(format: "  ratio, alone / hand-written walk:             %8.2f×", alone / handWritten))
  }
  if sink == 42 { print("") }
}

/// The time of one main-actor turn as a tap awaited alone takes it on the `Task {}` path, in
/// nanoseconds: a `Task {}` started on the main actor resumes the caller, which waits on a
/// continuation. The platform's main queue, not the walk.
@MainActor
func nanosecondsPerMainActorTurn(calls: Int) async -> Double {
  await nanosecondsPerCall(calls: calls) {
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      Task { @MainActor in continuation.resume() }
    }
  }
}

/// The chain's end on both task paths: per hop, and whole UIKit- and SwiftUI-shaped chains.
@MainActor
func reportChainEnd() async {
  print("The chain's end (nobody handles; a declared LinkPresenter shows the link in-app, closed after each;")
  print("\(ChainEndScreens.count) screens tapped in one main-actor turn, per tap):")
  for path in TaskPath.allCases {
    print("\(path.name):")
    var turn: Double?
    if path == .deferred {
      let measured = await nanosecondsPerMainActorTurn(calls: 20_000)
      print("  one main-actor turn (a Task {} awaited):      \(format(measured))")
      turn = measured
    }
    await compareChainEndPerHop(on: path)
    await compareChainEnd(
      named: "UIKit-shaped chain (24 nodes, the navigation controller declares)", on: path, turn: turn
    ) { .uiKitShaped() }
    await compareChainEnd(named: "SwiftUI-shaped chain (6 awaited modifiers in front of it)", on: path, turn: turn) {
      .swiftUIShaped()
    }
  }
}

/// Taps PROFILE_ROUNDS times (10,000 unless set) on 16 screens at once, closing their browsers
/// after each, for a profiler or an instruction count: the UIKit-shaped chain, the
/// SwiftUI-shaped one with PROFILE_SWIFTUI=1, or PROFILE_LENGTH views below the declaring view
/// controller; on the `Task {}` path with PROFILE_TASK=1 (callgrind cannot follow that one:
/// the main queue's threads stop it); the hand-written floor instead with PROFILE_FLOOR=1.
@MainActor
func profileChainEnd() async {
  let environment = ProcessInfo.processInfo.environment
  let rounds = Int(environment["PROFILE_ROUNDS"] ?? "") ?? 10_000
  let screens = ChainEndScreens {
    if let length = Int(environment["PROFILE_LENGTH"] ?? "") {
      .views(length)
    } else if environment["PROFILE_SWIFTUI"] == "1" {
      .swiftUIShaped()
    } else {
      .uiKitShaped()
    }
  }
  let options = (environment["PROFILE_TASK"] == "1" ? TaskPath.deferred : .immediate).options
  let floor = environment["PROFILE_FLOOR"] == "1"
  var sink = 0
  for _ in 0..<rounds {
    if floor { sink &+= screens.handWrittenAll() } else { await screens.tapAll(options: options) }
    screens.closeAll()
  }
  print(screens.presentations, sink)
}
