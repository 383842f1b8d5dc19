import Foundation
import URLResponderChainAllowlist
import URLResponderChainTesting

/// What the server publishes, with the README's headers.
enum Published {
  static let roundTripTime = Duration.milliseconds(200)
  /// The README's `Cache-Control`, or `FLEET_CACHE_CONTROL` to weigh others against it.
  static let cacheControl =
    ProcessInfo.processInfo.environment["FLEET_CACHE_CONTROL"]
    ?? "max-age=300, stale-while-revalidate=86400, stale-if-error=86400"
  static let headers = ["Cache-Control": cacheControl]
  static let list = AllowlistServerStandIn.Reply.document(
    #"{"version": 1, "allow": ["example.com"]}"#, headers: headers.merging(["ETag": "\"v1\""]) { $1 })
  /// The same list with a deny rule for the promotion's pages.
  static let listWithDenyRule = AllowlistServerStandIn.Reply.document(
    #"{"version": 1, "allow": ["example.com"], "deny": ["example.com/promo/*"]}"#,
    headers: headers.merging(["ETag": "\"v2\""]) { $1 })
}

/// A moment `hours` after the clock started.
func at(hours: Double) -> TestClock.Instant { TestClock.Instant(offset: .seconds(hours * 3600)) }

/// A day of sessions at random, with two 30-minute outages and a deny rule published at 10:00.
///
/// Before the day, every device ran the app once (at random in the 12 hours before), so it
/// starts with a list in its caches folder; both outages end by 08:30, so every stored list is
/// within `stale-if-error` through them, and a tap that fails closed there misses the goal.
func aDay(readers: Int, casualUsers: Int) throws {
  let simulation = Simulation(reply: Published.list, roundTripTime: Published.roundTripTime)
  let fleet = try Fleet(simulation, readers: readers, casualUsers: casualUsers, seed: 1)
  let (clock, server) = (simulation.clock, simulation.server)
  let dayStart = at(hours: 12)
  func ofDay(_ hours: Double) -> TestClock.Instant { dayStart.advanced(by: .seconds(hours * 3600)) }
  let outages: [(name: String, reply: AllowlistServerStandIn.Reply, start: TestClock.Instant)] = [
    ("HTTP 503 (04:00-04:30)", .failure(.serverError(status: 503)), ofDay(4)),
    ("no answer, requests time out (08:00-08:30)", .noAnswer, ofDay(8)),
  ]
  let (publication, dayEnd) = (ofDay(10), ofDay(24))
  var dice = SplitMix(seed: 101)
  for device in fleet.devices {
    let launch = at(hours: Double.random(in: 0..<12, using: &dice))
    simulation.start {
      await fleet.launchOnce(device, at: launch)
      await fleet.live(device, from: dayStart, until: dayEnd)
    }
  }
  simulation.start {
    for outage in outages {
      try? await clock.sleep(until: outage.start)
      server.reply = outage.reply
      try? await clock.sleep(until: outage.start.advanced(by: .seconds(1800)))
      server.reply = Published.list
    }
    try? await clock.sleep(until: publication)
    server.reply = Published.listWithDenyRule
    await fleet.sampleReach(of: Fleet.promo, every: .seconds(5), for: .seconds(3600))
  }
  simulation.run(until: ofDay(25))
  fleet.removeCachesFolders()

  let inOutage = { (tap: TapRecord) in
    outages.contains { tap.at >= $0.start && tap.at < $0.start.advanced(by: .seconds(1800)) }
  }
  print("Taps that wait for the network (a fetch or a revalidation before the link opens):")
  for profile in [Profile.reader, .casual] {
    let taps = fleet.taps.filter { $0.profile == profile.name }
    let waited = taps.filter { $0.waited > .zero }
    let share = Double(waited.count) / Double(max(taps.count, 1))
    let longest = taps.filter { !inOutage($0) }.map(\.waited).max() ?? .zero
    report(
      "  \(profile.name)",
      "\(percent(share)), \(waited.count) of \(taps.count) taps (\(waited.filter(inOutage).count) in the outages;"
        + " longest wait outside them \(spoken(longest)))", goal: "≤ 3%", met: share <= 0.03)
    // Where the waits come from: a session's first tap, before the activation refresh.
    let first = waited.filter(\.isFirstOfSession).map(\.sinceOpening).sorted()
    let sessions = taps.filter(\.isFirstOfSession).count
    print(
      "    \(first.count) of them a session's first tap (\(percent(Double(first.count) / Double(max(sessions, 1))))"
        + " of \(sessions) sessions), a median \(spoken(first.isEmpty ? .zero : first[first.count / 2])) after opening")
  }

  print("A deny rule published at 10:00 (\(fleet.reach.first?.active ?? 0) devices in the app then):")
  reportReach(fleet.reach, since: publication, "  reaches 99% of the devices in the app")
  let openedAfter = fleet.taps.filter { $0.url == Fleet.promo && $0.at >= publication && $0.opensInApp }
  print(
    "  taps on a denied page that still opened in-app: \(openedAfter.count)"
      + (openedAfter.last.map { ", the last \(spoken(publication.duration(to: $0.at))) after publication" } ?? ""))

  for outage in outages {
    let taps = fleet.taps.filter { $0.at >= outage.start && $0.at < outage.start.advanced(by: .seconds(1800)) }
    let longest = taps.map(\.waited).max() ?? .zero
    let failed = taps.filter(\.failedClosed).count
    print(
      "A 30-minute outage, \(outage.name): \(taps.count) taps,"
        + " \(taps.filter(\.inSessionThatBeganWithRelaunch).count) of them after a relaunch")
    report("  longest tap wait", spoken(longest), goal: "≤ 3 s", met: longest <= .seconds(3))
    report(
      "  taps failing closed, every stored list within stale-if-error", "\(failed)", goal: "0", met: failed == 0)
  }
  let failedOutside = fleet.taps.filter { $0.failedClosed && !inOutage($0) }.count
  let requests = simulation.requestArrivals.filter { $0 >= dayStart }.count
  print(
    "The day: \(fleet.taps.count) taps, \(fleet.relaunches) relaunches, \(requests) requests"
      + " (\(String(format: "%.1f", Double(requests) / Double(fleet.devices.count))) a device);"
      + " taps failing closed outside the outages: \(failedOutside)")
}

/// Readers who keep the app open for two hours: how often their lists ask the server.
func aLongSession(readers: Int) throws {
  let simulation = Simulation(reply: Published.list, roundTripTime: Published.roundTripTime)
  let fleet = try Fleet(simulation, readers: readers, casualUsers: 0, seed: 2)
  let opening = at(hours: 12)
  var dice = SplitMix(seed: 202)
  for device in fleet.devices {
    let launch = at(hours: Double.random(in: 0..<11, using: &dice))
    let opens = opening.advanced(by: .seconds(Double.random(in: 0..<300, using: &dice)))
    simulation.start {
      await fleet.launchOnce(device, at: launch)
      try? await fleet.clock.sleep(until: opens)
      await fleet.session(device, staying: .seconds(7200))
    }
  }
  let publication = opening.advanced(by: .seconds(3600))
  simulation.start {
    try? await fleet.clock.sleep(until: publication)
    fleet.server.reply = Published.listWithDenyRule
    await fleet.sampleReach(of: Fleet.promo, every: .seconds(5), for: .seconds(1200))
  }
  simulation.run(until: at(hours: 15))
  fleet.removeCachesFolders()
  // From 30 minutes in, once every list has refreshed on its own, to 10 minutes before anyone leaves.
  let window = (start: opening.advanced(by: .seconds(1800)), end: opening.advanced(by: .seconds(6600)))
  let requests = simulation.requestArrivals.filter { $0 >= window.start && $0 < window.end }.count
  let maxAges = Double(readers) * (window.start.duration(to: window.end) / .seconds(300))
  let perMaxAge = Double(requests) / maxAges
  print("\(readers) readers keep the app open for 2 hours, tapping as they read:")
  report(
    "  requests per device per max-age (300 s), steady state",
    String(format: "%.3f", perMaxAge)
      + " (\(requests) requests in 80 minutes)", goal: "≤ 1", met: perMaxAge <= 1)
  reportReach(fleet.reach, since: publication, "  a deny rule published an hour in reaches 99% of them")
}

/// How soon a deny rule published at `publication` reached 99% (and 50%, 90%) of the devices in the app.
func reportReach(_ samples: [ReachSample], since publication: TestClock.Instant, _ label: String) {
  let reachedAt = { (share: Double) -> Duration? in
    samples.first { $0.active > 0 && Double($0.reached) >= share * Double($0.active) }
      .map { publication.duration(to: $0.at) }
  }
  let ninetyNine = reachedAt(0.99)
  report(
    label,
    ninetyNine.map {
      "after \(spoken($0)) (50%: \(reachedAt(0.5).map(spoken) ?? "never"),"
        + " 90%: \(reachedAt(0.9).map(spoken) ?? "never"))"
    } ?? "not while sampled",
    goal: "≤ 15 min", met: ninetyNine.map { $0 <= .seconds(900) } ?? false)
}

/// A push brings every person back at once: how the requests it brings spread.
///
/// Every list is stale by then (last validated 10 minutes to 6 hours before), so every device
/// asks the server once: when its activation refresh comes, or at its first tap if that comes
/// first. The wave is what reaches the server in the 2 minutes after the push; no list
/// refreshed in it goes stale again before 5 minutes.
func aPush(readers: Int, casualUsers: Int) throws {
  let simulation = Simulation(reply: Published.list, roundTripTime: Published.roundTripTime)
  let fleet = try Fleet(simulation, readers: readers, casualUsers: casualUsers, seed: 3)
  let push = at(hours: 12)
  var dice = SplitMix(seed: 303)
  for device in fleet.devices {
    let launch = push.advanced(by: .seconds(-Double.random(in: 600...21_600, using: &dice)))
    simulation.start {
      await fleet.launchOnce(device, at: launch)
      try? await fleet.clock.sleep(until: push)
      await fleet.session(device)
    }
  }
  simulation.run(until: at(hours: 13))
  fleet.removeCachesFolders()
  let wave = simulation.requestArrivals.map { push.duration(to: $0) }.filter { $0 >= .zero && $0 < .seconds(120) }
  let (first, last) = (wave.min() ?? .zero, wave.max() ?? .zero)
  var perSecond: [Int: Int] = [:]
  for arrival in wave { perSecond[Int(arrival / Duration.seconds(1)), default: 0] += 1 }
  let busiest = perSecond.max { $0.value < $1.value }
  var perFiveSeconds = Array(repeating: 0, count: 8)
  for arrival in wave { perFiveSeconds[min(Int(arrival / Duration.seconds(5)), 7)] += 1 }
  print("A push brings all \(fleet.devices.count) devices back at once:")
  report(
    "  the requests it brings reach the server over",
    "\(spoken(last)) after it (\(wave.count) requests, the first after \(spoken(first)): \(spoken(last - first))"
      + " from first to last; busiest second \(busiest.map { "\($0.value), \($0.key)-\($0.key + 1) s" } ?? "none"))",
    goal: "≥ 30 s", met: last >= .seconds(30))
  print(
    "  requests per 5 s after the push: \(perFiveSeconds.map(String.init).joined(separator: ", ")) (the last: 35 s on)")
  for profile in [Profile.reader, .casual] {
    let taps = fleet.taps.filter { $0.profile == profile.name }
    print(
      "  \(profile.name): \(percent(Double(taps.filter { $0.waited > .zero }.count) / Double(max(taps.count, 1))))"
        + " of \(taps.count) taps waited for the network")
  }
}

/// A line with its figure and goal.
func report(_ label: String, _ figure: String, goal: String, met: Bool) {
  print("\(label): \(figure)   goal \(goal): \(met ? "met" : "NOT MET")")
}

func percent(_ share: Double) -> String { String(format: "%.1f%%", share * 100) }

/// "4 min 50 s", or "1.20 s" under a minute.
func spoken(_ duration: Duration) -> String {
  let seconds = duration / .seconds(1)
  if seconds < 60 { return String(format: "%.2f s", seconds) }
  return "\(Int(seconds) / 60) min \(Int(seconds) % 60) s"
}
