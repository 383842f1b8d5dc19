import Foundation
import URLResponderChainCore
import URLResponderChainRemoteAllowlist
import URLResponderChainTesting

/// How a person uses the app: how often they open it, and how they read once it is open.
struct Profile: Sendable {
  let name: String
  let sessionsPerDay: Double
  let taps: ClosedRange<Int>
  /// Seconds from opening the app to the first tap.
  let firstTap: ClosedRange<Double>
  /// Seconds between taps: reading what the last one opened.
  let betweenTaps: ClosedRange<Double>
  /// Seconds from the last tap to leaving the app.
  let afterLastTap: ClosedRange<Double>

  static let reader = Profile(
    name: "readers", sessionsPerDay: 6, taps: 3...8, firstTap: 5...60, betweenTaps: 20...180, afterLastTap: 10...60)
  static let casual = Profile(
    name: "casual users", sessionsPerDay: 1.5, taps: 1...3, firstTap: 5...60, betweenTaps: 20...120,
    afterLastTap: 10...60)
}

/// One phone with the app: its list, made as the README says (here by the server stand-in, so
/// that it runs on the simulation's clock), kept across relaunches in a caches folder of its own.
///
/// `@unchecked Sendable` for the reason ``Fleet`` is: one thread runs every task that uses it.
final class Device: @unchecked Sendable {
  let number: Int
  let profile: Profile
  /// What the app's caches folder is on this phone.
  let cachesFolder: URL
  /// The person's own dice, so that a run is the same every time.
  var dice: SplitMix
  /// The dice of the app's list (its refresh after activation, its retries' and back-off's jitter).
  private let listDice: SharedDice
  private(set) var list: RemoteAllowlist
  /// The policy the app declares where it shows links (`LinkPolicy(inApp:)`).
  private(set) var policy: LinkPolicy
  var isActive = false
  /// When the person last left the app (or the app last ran).
  var lastSeen: TestClock.Instant?
  var sessionBeganWithRelaunch = false

  init(number: Int, profile: Profile, cachesFolder: URL, server: AllowlistServerStandIn, seed: UInt64) throws {
    self.number = number
    self.profile = profile
    self.cachesFolder = cachesFolder
    dice = SplitMix(seed: seed &+ UInt64(number))
    listDice = SharedDice(seed: ~(seed &+ UInt64(number)))
    list = try server.remoteAllowlist(Self.configuration, cachesFolder: cachesFolder, random: listDice.next)
    policy = LinkPolicy(inApp: list)
  }

  /// The README's configuration: the endpoint, and every default (the list kept in the caches folder).
  static let configuration = RemoteAllowlistConfiguration(
    endpoint: URL(string: "https://config.example.com/allowlist.json")!)

  /// The system ended the app in the background and the person opened it again: a new list,
  /// which starts from what the last one kept in the caches folder.
  func relaunch(server: AllowlistServerStandIn) throws {
    list = try server.remoteAllowlist(Self.configuration, cachesFolder: cachesFolder, random: listDice.next)
    policy = LinkPolicy(inApp: list)
  }
}

/// One tap, as the run saw it.
struct TapRecord {
  let profile: String
  let at: TestClock.Instant
  /// How long the tap waited for the list.
  let waited: Duration
  /// No list could be had: the link opened nowhere.
  let failedClosed: Bool
  let opensInApp: Bool
  let url: URL
  let inSessionThatBeganWithRelaunch: Bool
  /// The first tap of its session, and how long after the app became active it came.
  let isFirstOfSession: Bool
  let sinceOpening: Duration
}

/// The share of the devices in the app on which a tap on the newly denied link would be refused.
struct ReachSample {
  let at: TestClock.Instant
  let active: Int
  let reached: Int
}

/// The app on many phones, against one list server, on one clock.
///
/// `@unchecked Sendable`: its tasks share its state without locks because the one-thread
/// executor runs every task of a simulation on the thread that runs it (`Simulation`), one
/// job at a time. ``record(_:)`` checks that it is so.
final class Fleet: @unchecked Sendable {
  let clock: TestClock
  let server: AllowlistServerStandIn
  private let folder: URL
  private(set) var devices: [Device] = []
  private(set) var taps: [TapRecord] = []
  private(set) var reach: [ReachSample] = []
  private(set) var relaunches = 0

  /// Longer than this in the background, and the system has ended the app.
  static let relaunchAfter = Duration.seconds(3600)
  static let promo = URL(string: "https://example.com/promo/spring")!

  init(_ simulation: Simulation, readers: Int, casualUsers: Int, seed: UInt64) throws {
    clock = simulation.clock
    server = simulation.server
    // On a RAM disk where there is one: a list written for the next launch is written atomically,
    // with an fsync each time, and a loaded disk would make the run take minutes, not the list.
    let ramDisk = URL(fileURLWithPath: "/dev/shm", isDirectory: true)
    let temporary =
      FileManager.default.isWritableFile(atPath: ramDisk.path) ? ramDisk : FileManager.default.temporaryDirectory
    folder = temporary.appendingPathComponent("fleet-simulation-\(UUID().uuidString)")
    for number in 0..<(readers + casualUsers) {
      devices.append(
        try Device(
          number: number, profile: number < readers ? .reader : .casual,
          cachesFolder: folder.appendingPathComponent("device-\(number)"), server: server, seed: seed << 32))
    }
  }

  /// Removes every device's caches folder: the run is over.
  func removeCachesFolders() { try? FileManager.default.removeItem(at: folder) }

  /// The app ran once at `moment` and fetched the list, which it kept in its caches folder.
  func launchOnce(_ device: Device, at moment: TestClock.Instant) async {
    try? await clock.sleep(until: moment)
    _ = try? await device.list.loadAllowlist()
    device.lastSeen = clock.now
  }

  /// Sessions at random from `start`, `profile.sessionsPerDay` a day on average, until `end`.
  func live(_ device: Device, from start: TestClock.Instant, until end: TestClock.Instant) async {
    var next = start
    while true {
      let meanGap = 86_400 / device.profile.sessionsPerDay
      next = max(next, clock.now).advanced(
        by: .seconds(-meanGap * log(1 - Double.random(in: 0..<1, using: &device.dice))))
      guard next < end else { return }
      try? await clock.sleep(until: next)
      await session(device)
    }
  }

  /// The person opens the app, taps links as they read, and leaves it: after the profile's
  /// taps, or once `staying` has passed.
  func session(_ device: Device, staying: Duration? = nil) async {
    if let lastSeen = device.lastSeen, lastSeen.duration(to: clock.now) > Self.relaunchAfter {
      try? device.relaunch(server: server)
      relaunches += 1
      device.sessionBeganWithRelaunch = true
    } else {
      device.sessionBeganWithRelaunch = false
    }
    let opened = clock.now
    let leaving = staying.map { opened.advanced(by: $0) }
    device.isActive = true
    await device.list.appDidBecomeActive()  // as UIKit's notification would
    let profile = device.profile
    var tapsLeft = leaving == nil ? Int.random(in: profile.taps, using: &device.dice) : .max
    var isFirst = true
    while tapsLeft > 0 {
      let pause = isFirst ? profile.firstTap : profile.betweenTaps
      let next = clock.now.advanced(by: .seconds(Double.random(in: pause, using: &device.dice)))
      if let leaving, next >= leaving { break }
      try? await clock.sleep(until: next)
      let article = URL(string: "https://example.com/articles/\(Int.random(in: 1...500, using: &device.dice))")!
      let url = Int.random(in: 0..<20, using: &device.dice) == 0 ? Self.promo : article
      await tap(url, on: device, isFirstOfSession: isFirst, opened: opened)
      isFirst = false
      tapsLeft -= 1
    }
    let afterLastTap = clock.now.advanced(by: .seconds(Double.random(in: profile.afterLastTap, using: &device.dice)))
    try? await clock.sleep(until: leaving ?? afterLastTap)
    await device.list.appWillResignActive()
    device.isActive = false
    device.lastSeen = clock.now
  }

  /// A tap, as the declared policy's `waitsForList` runs it at the chain's end
  /// (`RemoteAllowlist.destination(for:reportingFrom:recovery:rules:)`): it waits for the list's
  /// `check(_:)`, which answers at once, waits for a fetch (at most 2 s when `stale-if-error`
  /// allows the list it has), or throws: the link opens nowhere. Then the policy decides with
  /// the list the tap had.
  func tap(_ url: URL, on device: Device, isFirstOfSession: Bool, opened: TestClock.Instant) async {
    let start = clock.now
    var failedClosed = false
    do {
      _ = try await device.list.check(url)
    } catch {
      failedClosed = true
    }
    var opensInApp = false
    if !failedClosed, case .inApp = device.policy.destination(for: url) { opensInApp = true }
    record(
      TapRecord(
        profile: device.profile.name, at: start, waited: start.duration(to: clock.now), failedClosed: failedClosed,
        opensInApp: opensInApp, url: url, inSessionThatBeganWithRelaunch: device.sessionBeganWithRelaunch,
        isFirstOfSession: isFirstOfSession, sinceOpening: opened.duration(to: start)))
  }

  private func record(_ tap: TapRecord) {
    precondition(Thread.isMainThread, "a fleet's tasks run on the simulation's one thread")
    taps.append(tap)
  }

  /// Every `interval` from now until `duration` has passed, how many of the devices in the app
  /// would refuse a tap on `url`: their list denies it, or they hold no list a tap would use
  /// without asking the server (which now serves the rule).
  func sampleReach(of url: URL, every interval: Duration, for duration: Duration) async {
    let end = clock.now.advanced(by: duration)
    while clock.now <= end {
      let active = devices.filter(\.isActive)
      let reached = active.filter { $0.list.currentAllowlist().map { !$0.verdict(for: url).isAllowed } ?? true }
      reach.append(ReachSample(at: clock.now, active: active.count, reached: reached.count))
      try? await clock.sleep(for: interval)
    }
  }
}

/// A small, seeded random number generator (SplitMix64): the same people every run.
struct SplitMix: RandomNumberGenerator {
  private var state: UInt64

  init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// A seeded generator that a list draws from, on whatever task asks.
///
/// `@unchecked Sendable` for the reason `Fleet` is: one thread runs every task that draws.
final class SharedDice: @unchecked Sendable {
  private var generator: SplitMix

  init(seed: UInt64) { generator = SplitMix(seed: seed) }

  /// A number in `0..<1`.
  @Sendable func next() -> Double { Double.random(in: 0..<1, using: &generator) }
}
