import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainObservability

/// Records the reports about one test's own host (other suites propagate concurrently).
@MainActor
final class ReportRecorder: URLPropagationObserver {
  let host: String
  let label: String
  private let arrivals = Arrivals<URLPropagationReport>()
  /// The reports about the host, in order.
  var reports: [URLPropagationReport] { arrivals.items }
  var log: EventLog?
  var onReport: ((URLPropagationReport) -> Void)?

  init(host: String, label: String = "observer", log: EventLog? = nil) {
    self.host = host
    self.label = label
    self.log = log
  }

  func propagationDidFinish(_ report: URLPropagationReport) {
    guard report.originalURL.host == host else { return }
    arrivals.append(report)
    log?.events.append("\(label) \(report.url.host ?? "")")
    onReport?(report)
  }

  /// Waits until `count` reports arrived, or until the test is cancelled.
  func waitForReports(_ count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
    await arrivals.wait(for: count, sourceLocation: sourceLocation)
  }
}

@MainActor
final class EventLog {
  var events: [String] = []
}

/// A report that never arrives fails the test at its time limit instead of hanging the run.
@Suite(.timeLimit(.minutes(1))) @MainActor struct URLPropagationObserverTests {
  @Test func everyPropagationIsReportedOnceWithOutcomeDecidingTypeDurationAndRedactedURL() async throws {
    let recorder = ReportRecorder(host: "observed.example")
    recorder.startObservingPropagations()
    defer { recorder.stopObservingPropagations() }
    let link = Node(
      next: ImmediateHandler(.rewrite(URL(string: "https://observed.example/b?t=1")!), next: ImmediateHandler(.handled))
    )
    let result = await link.propagateURL(URL(string: "https://observed.example/a?secret=1")!)
    await recorder.waitForReports(1)
    let report = try #require(recorder.reports.first)
    #expect(recorder.reports.count == 1)
    #expect(report.outcome == result.outcome)
    #expect(report.decidingNodeTypeName == "ImmediateHandler")
    #expect(report.url.description == "https://observed.example")
    #expect(report.originalURL.path == "/a")
    #expect(report.nodesVisited == 3)
    #expect(report.duration >= result.duration)
  }

  @Test func reportsArriveInTheOrderPropagationsFinishedAndObserversInTheOrderAdded() async throws {
    let log = EventLog()
    let first = ReportRecorder(host: "order.example", label: "first", log: log)
    let second = ReportRecorder(host: "order.example", label: "second", log: log)
    first.startObservingPropagations()
    second.startObservingPropagations()
    first.startObservingPropagations()  // a second add changes nothing
    defer {
      first.stopObservingPropagations()
      second.stopObservingPropagations()
    }
    let slow = DeferringHandler(.handled)
    let link = Node(next: slow)
    // A starts first but finishes second; B finishes first.
    let a = Task { await link.propagateURL(URL(string: "https://order.example/a")!, options: .untimed()) }
    await slow.entered.opened()
    _ = await Node(next: ImmediateHandler(.discarded(reason: "no"))).propagateURL(
      URL(string: "https://order.example/b")!)
    slow.release.open()
    _ = try await a.value(within: .deadline)
    await second.waitForReports(2)
    #expect(
      log.events == ["first order.example", "second order.example", "first order.example", "second order.example"])
    #expect(first.reports.map(\.outcome) == [.discarded(reason: "no"), .handled])
    #expect(second.reports.count == 2)
  }

  @Test func aJoinedDoubleTapIsOnePropagationAndOneReport() async throws {
    let recorder = ReportRecorder(host: "joined.example")
    recorder.startObservingPropagations()
    defer { recorder.stopObservingPropagations() }
    let handler = DeferringHandler(.handled)
    let link = Node(next: handler)
    let url = URL(string: "https://joined.example")!
    let one = Task { await link.propagateURL(url, options: .untimed()) }
    await handler.entered.opened()
    // The second caller joins in the turn it opens the gate (it does not suspend in between),
    // so the handler is released only once it has joined.
    let joining = Gate()
    let two = Task {
      joining.open()
      return await link.propagateURL(url, options: .untimed())
    }
    await joining.opened()
    handler.release.open()
    _ = try await (one.value(within: .deadline), two.value(within: .deadline))
    // A later propagation proves nothing more about the joined one is still on its way.
    _ = await Node().propagateURL(URL(string: "https://joined.example/after")!)
    await recorder.waitForReports(2)
    #expect(recorder.reports.map(\.outcome) == [.handled, .notHandled])
    #expect(handler.calls == 1)
  }

  @Test func theCallerResumesBeforeAnyObserverIsCalled() async {
    let log = EventLog()
    let recorder = ReportRecorder(host: "first-caller.example", log: log)
    recorder.onReport = { _ in
      // A slow observer: whatever it does happens after the caller already has its result.
      log.events.append("observer finished")
    }
    recorder.startObservingPropagations()
    defer { recorder.stopObservingPropagations() }
    let completion = CompletionRecorder()
    Node(next: ImmediateHandler(.handled)).propagateURL(
      URL(string: "https://first-caller.example/completion")!
    ) { result in
      log.events.append("completion \(result.outcome)")
      completion.completion(result)
    }
    _ = await completion.firstResult()
    _ = await Node().propagateURL(URL(string: "https://first-caller.example/async")!)
    log.events.append("async caller resumed")
    await recorder.waitForReports(2)
    #expect(
      log.events.firstIndex(of: "completion handled")! < log.events.firstIndex(of: "observer first-caller.example")!)
    #expect(
      log.events.firstIndex(of: "async caller resumed")! < log.events.lastIndex(of: "observer first-caller.example")!)
  }

  @Test func anObserverCannotChangeTheOutcomeAndIsHeldWeakly() async {
    var recorder: ReportRecorder? = ReportRecorder(host: "weak.example")
    weak let weakRecorder = recorder
    recorder!.startObservingPropagations()
    let result = await Node(next: ImmediateHandler(.discarded(reason: "kept"))).propagateURL(
      URL(string: "https://weak.example")!)
    await recorder?.waitForReports(1)
    #expect(result.outcome == .discarded(reason: "kept"))
    recorder = nil
    #expect(weakRecorder == nil, "registration does not keep an observer alive")
    _ = await Node().propagateURL(URL(string: "https://weak.example/after")!)
  }

  @Test func aRemovedObserverIsNotCalled() async {
    let removed = ReportRecorder(host: "removed.example")
    let kept = ReportRecorder(host: "removed.example")
    removed.startObservingPropagations()
    kept.startObservingPropagations()
    removed.stopObservingPropagations()
    defer { kept.stopObservingPropagations() }
    _ = await Node().propagateURL(URL(string: "https://removed.example")!)
    await kept.waitForReports(1)
    #expect(removed.reports.isEmpty)
  }
}
