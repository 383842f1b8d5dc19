import TestSupport
import Testing

@testable import URLResponderChainRemoteAllowlist

/// Durations in log lines, as people read them.
@Suite struct DurationSpokenTests {
  @Test(arguments: [
    (Duration.seconds(0.1879616205707034), "188 ms"), (.zero, "0 ms"), (.milliseconds(999), "999 ms"),
    (.milliseconds(999.6), "1.0 s"), (.seconds(2.44), "2.4 s"), (.seconds(59.94), "59.9 s"),
    (.seconds(59.96), "1 min"), (.seconds(185), "3 min 5 s"), (.seconds(86_400), "1440 min"),
  ])
  func aDurationReadsAsPeopleSayIt(duration: Duration, spoken: String) {
    #expect(duration.spokenDescription == spoken)
  }
}
