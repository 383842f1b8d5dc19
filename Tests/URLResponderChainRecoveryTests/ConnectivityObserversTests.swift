import TestSupport
import Testing
import URLResponderChainRecovery

/// `ConnectivityObservers`: every observer in the order it was added, and none after its
/// observation was cancelled, even by an earlier observer in the same round.
@MainActor
@Suite struct ConnectivityObserversTests {
  @Test func observersAreCalledInTheOrderTheyWereAdded() {
    let observers = ConnectivityObservers()
    var calls: [Int] = []
    let observations = (0..<20).map { index in observers.add { _ in calls.append(index) } }
    observers.notify(true)
    #expect(calls == Array(0..<20))
    #expect(observations.count == observers.count)
  }

  @Test func aCancelledObserverIsNotCalledEvenWhenAnEarlierOneCancelledIt() {
    let observers = ConnectivityObservers()
    var calls: [String] = []
    var later: ConnectivityObservation?
    let first = observers.add { _ in
      calls.append("first")
      later?.cancel()
    }
    later = observers.add { _ in calls.append("later") }
    let last = observers.add { connected in calls.append("last \(connected)") }
    observers.notify(false)
    #expect(calls == ["first", "last false"])
    #expect(observers.count == 2)
    first.cancel()
    last.cancel()
    last.cancel()
    #expect(observers.count == 0)
  }

  @Test func anObserverAddedDuringARoundWaitsForTheNext() {
    let observers = ConnectivityObservers()
    var calls: [String] = []
    var added: ConnectivityObservation?
    let first = observers.add { _ in
      calls.append("first")
      if added == nil { added = observers.add { _ in calls.append("added") } }
    }
    observers.notify(true)
    #expect(calls == ["first"])
    observers.notify(true)
    #expect(calls == ["first", "first", "added"])
    _ = (first, added)
  }
}
