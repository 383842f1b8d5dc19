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
    #expect(result.trace[1].answerDescription.hasPrefix("handled  0."))
    #expect(result.trace[1].answerDescription.hasSuffix(" ms"))
    let timedOut = await StubbornHandler().propagateURL(exampleURL, options: .init(handlerTimeout: .milliseconds(5)))
    #expect(try #require(timedOut.trace.last).answerDescription.hasPrefix("no answer  "))
  }
}
