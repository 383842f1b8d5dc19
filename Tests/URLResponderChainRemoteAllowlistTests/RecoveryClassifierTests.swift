import Foundation
import TestSupport
import Testing
import URLResponderChainCore
import URLResponderChainRecovery
import URLResponderChainRemoteAllowlist

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite struct RecoveryClassifierTests {
  private let standard = RecoveryClassifier.standard

  @Test(arguments: [
    (
      URLError.Code.notConnectedToInternet, RecoveryKind?.some(.offline), RecoveryKind?.some(.offline),
      RecoveryKind?.some(.offline)
    ),
    (.dataNotAllowed, .offline, .offline, .offline),
    (.internationalRoamingOff, .offline, .offline, .offline),
    (.callIsActive, .offline, .offline, .offline),
    (.cannotConnectToHost, .offline, .serverError, .offline),
    (.cannotFindHost, .offline, .serverError, .offline),
    (.dnsLookupFailed, .offline, .serverError, .offline),
    (.networkConnectionLost, .offline, .serverError, .offline),
    (.unknown, .offline, .serverError, .offline),
    (.timedOut, .serverError, .serverError, .offline),
    (.userAuthenticationRequired, .notAuthenticated, .notAuthenticated, .notAuthenticated),
    (.badServerResponse, .serverError, .serverError, .serverError),
    (.cancelled, nil, nil, nil),
    (.badURL, nil, nil, nil),
    (.secureConnectionFailed, nil, nil, nil),
    (.serverCertificateUntrusted, nil, nil, nil),
  ])
  func urlErrors(code: URLError.Code, unmonitored: RecoveryKind?, connected: RecoveryKind?, disconnected: RecoveryKind?)
  {
    let error = URLError(code)
    #expect(standard.kind(of: error, isConnected: nil) == unmonitored)
    #expect(standard.kind(of: error, isConnected: true) == connected)
    #expect(standard.kind(of: error, isConnected: false) == disconnected)
  }

  @Test(arguments: [
    (401, RecoveryKind?.some(.notAuthenticated)), (403, nil), (404, nil), (400, nil), (410, nil),
    (408, .serverError), (429, .serverError), (500, .serverError), (502, .serverError), (503, .serverError),
    (504, .serverError), (599, .serverError), (600, nil), (200, nil), (304, nil),
  ])
  func httpStatuses(status: Int, kind: RecoveryKind?) {
    for connected in [nil, true, false] as [Bool?] {
      #expect(standard.kind(of: HTTPStatusError(statusCode: status), isConnected: connected) == kind)
    }
  }

  @Test func allowlistFailures() {
    #expect(standard.kind(of: RemoteAllowlistFailure.unreachable("refused"), isConnected: nil) == .offline)
    #expect(standard.kind(of: RemoteAllowlistFailure.unreachable("refused"), isConnected: true) == .serverError)
    #expect(standard.kind(of: RemoteAllowlistFailure.timedOut, isConnected: false) == .offline)
    #expect(standard.kind(of: RemoteAllowlistFailure.timedOut, isConnected: nil) == .serverError)
    #expect(
      standard.kind(of: RemoteAllowlistFailure.notAuthenticated(status: 401), isConnected: true) == .notAuthenticated)
    #expect(standard.kind(of: RemoteAllowlistFailure.cancelled, isConnected: false) == nil)
    let unusable: [RemoteAllowlistFailure] = [
      .serverError(status: 503), .invalidDocument("x"), .tooLarge(limit: 1), .redirectRefused("x"),
      .incompleteResponse("x"), .malformedResponse("x"), .integrityFailed("x"), .downgradeRefused("x"),
    ]
    for failure in unusable { #expect(standard.kind(of: failure, isConnected: true) == .serverError) }
  }

  @Test func otherErrorsAreNotRecoverable() {
    struct Decoding: Error {}
    #expect(standard.kind(of: Decoding(), isConnected: false) == nil)
    #expect(standard.kind(of: CancellationError(), isConnected: false) == nil)
  }

  @Test func anAppClassifierCanExtendTheStandardOne() {
    struct SessionExpired: Error {}
    let classifier = RecoveryClassifier { error, connected in
      error is SessionExpired ? .notAuthenticated : RecoveryClassifier.standard.kind(of: error, isConnected: connected)
    }
    #expect(classifier.kind(of: SessionExpired(), isConnected: true) == .notAuthenticated)
    #expect(classifier.kind(of: URLError(.notConnectedToInternet), isConnected: true) == .offline)
  }

  @Test func httpStatusErrorIsThrownForFailedResponsesOnly() throws {
    let url = try #require(URL(string: "https://api.example.com/items"))
    for status in [200, 204, 301, 304] {
      let response = try #require(HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil))
      #expect(throws: Never.self) { try HTTPStatusError.check(response) }
    }
    for status in [400, 401, 404, 500, 503] {
      let response = try #require(HTTPURLResponse(url: url, statusCode: status, httpVersion: nil, headerFields: nil))
      #expect(throws: HTTPStatusError(statusCode: status, url: url)) { try HTTPStatusError.check(response) }
    }
    #expect(throws: Never.self) {
      try HTTPStatusError.check(URLResponse(url: url, mimeType: nil, expectedContentLength: 0, textEncodingName: nil))
    }
    #expect(HTTPStatusError(statusCode: 503, url: url).description == "HTTP 503 from https://api.example.com/items")
  }
}
