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
    let timedOut = try await StubbornHandler().propagateURL(
      exampleURL, options: .init(handlerTimeout: .milliseconds(5)), within: .deadline)
    #expect(try #require(timedOut.trace.last).answerDescription.hasPrefix("no answer  "))
  }

  /// `print(result.decidingStep!)` prints the trace's line, not a dump of the value.
  @Test func aStepPrintsAsItsTraceLine() async throws {
    let handler = ImmediateHandler(.handled)
    let result = await Node(next: handler).propagateURL(exampleURL)
    let step = try #require(result.decidingStep)
    let printed = "\(step)"
    #expect(printed.hasPrefix("\(step.nodeName)  handled  "), "\(printed)")
    #expect(printed.hasSuffix(" ms"))
    #expect("\(result.trace[0])" == "\(result.trace[0].nodeName)  –")
  }
}
