import Foundation
import TestSupport
import Testing
import URLResponderChainCore

@MainActor
@Suite struct TraceStepDescriptionTests {
  @Test func eachKindOfStepDescribesItsAnswer() async throws {
    let handler = ImmediateHandler(.handled)
    let result = await Node(next: handler).propagateURL(exampleURL)
    #expect(result.trace[0].answerDescription == "–")
    // The time, in milliseconds with decimals: however long a loaded machine took.
    let answer = result.trace[1].answerDescription
    #expect(answer.wholeMatch(of: /handled  \d+\.\d+ ms/) != nil, "\(answer)")
    let timedOut = await StubbornHandler().propagateURL(exampleURL, options: .init(handlerTimeout: .milliseconds(5)))
    #expect(try #require(timedOut.trace.last).answerDescription.hasPrefix("no answer  "))
  }
}
