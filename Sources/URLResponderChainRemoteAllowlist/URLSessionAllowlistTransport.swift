import URLResponderChainCore

#if canImport(FoundationNetworking)
  import Foundation
  package import FoundationNetworking
#else
  package import Foundation
#endif

/// Sends allowlist requests through `URLSession`, stopping as soon as the body passes the
/// byte limit and enforcing the timeout itself (on Linux `URLRequest`'s timeout is an idle
/// timeout rounded to whole seconds).
///
/// One ephemeral session (no shared cache or cookies; the client does its own HTTP caching)
/// carries every request of the transport, so requests close together reuse its connection,
/// or at least resume its TLS session, instead of paying for TCP, TLS and HTTP again. A
/// ``RemoteAllowlist`` owns one transport; the session is invalidated when the transport goes.
///
/// ```swift
/// let transport = URLSessionAllowlistTransport()
/// let exchange = try await transport.send(URLRequest(url: url), byteLimit: 65_536, timeout: .seconds(10))
/// ```
package final class URLSessionAllowlistTransport: AllowlistTransport {
  private let session: URLSession
  /// Hands each task's callbacks to the receiver of its request.
  private let router: ReceiverRouter
  /// What the request's deadline is waited on.
  private let clock: WaitClock
  /// Whether, on Linux, `http:` requests go over a socket of the transport's own rather than
  /// FoundationNetworking; off only for the tests of the `URLSession` path itself.
  private let usesSocketForPlainHTTP: Bool

  /// Creates a transport.
  ///
  /// - Parameter configuration: The session configuration; ephemeral by default. Its
  ///   cache is turned off whatever it says.
  package convenience init(configuration: URLSessionConfiguration = .ephemeral) {
    self.init(configuration: configuration, clock: ContinuousClock())
  }

  init(
    configuration: URLSessionConfiguration = .ephemeral, clock: some Clock<Duration>,
    usesSocketForPlainHTTP: Bool = true
  ) {
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    let router = ReceiverRouter()
    self.router = router
    self.session = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
    self.clock = WaitClock(clock)
    self.usesSocketForPlainHTTP = usesSocketForPlainHTTP
  }

  // The session holds its delegate until it is invalidated: without this, neither would go.
  deinit { session.finishTasksAndInvalidate() }

  /// Sends `request`; see ``AllowlistTransport/send(_:byteLimit:timeout:)``.
  ///
  /// On Linux an `http:` request (to a loopback address) goes over a socket of its own
  /// (``SocketAllowlistTransport``): FoundationNetworking stops the process when a chunked
  /// body ends with a trailer field.
  package func send(_ request: URLRequest, byteLimit: Int, timeout: Duration) async throws(RemoteAllowlistFailure)
    -> HTTPExchange
  {
    #if canImport(FoundationNetworking)
      if usesSocketForPlainHTTP, request.url?.scheme?.lowercased() == "http" {
        return try await SocketAllowlistTransport(clock: clock).send(request, byteLimit: byteLimit, timeout: timeout)
      }
    #endif
    return try await sendThroughURLSession(request, byteLimit: byteLimit, timeout: timeout)
  }

  private func sendThroughURLSession(
    _ request: URLRequest, byteLimit: Int, timeout: Duration
  ) async throws(RemoteAllowlistFailure) -> HTTPExchange {
    var request = request
    let seconds = Double(timeout.components.seconds) + Double(timeout.components.attoseconds) / 1e18
    request.timeoutInterval = max(1, seconds.rounded(.up))
    let receiver = BoundedReceiver(byteLimit: byteLimit)
    let task = session.dataTask(with: request)
    router.route(task, to: receiver)
    defer { router.forget(task) }
    let result: Result<HTTPExchange, RemoteAllowlistFailure> = await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        receiver.start(task, continuation: continuation)
        let deadline = Task { [clock] in
          do {
            try await clock.sleep(timeout)
          } catch {
            return  // cancelled: the request finished first
          }
          receiver.fail(.timedOut)
        }
        receiver.onFinish { deadline.cancel() }
      }
    } onCancel: {
      receiver.fail(.cancelled)
    }
    return try result.get()
  }
}

/// The one delegate of a transport's session: passes each task's callbacks to the receiver
/// of its request, found by the task's identifier.
private final class ReceiverRouter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
  // `@unchecked`: `receivers` is read and written under `lock`; URLSession calls the delegate
  // on its own queue while requests start and end on other threads.
  private let lock = NSLock()
  private var receivers: [Int: BoundedReceiver] = [:]

  func route(_ task: URLSessionTask, to receiver: BoundedReceiver) {
    lock.withLock { receivers[task.taskIdentifier] = receiver }
  }

  func forget(_ task: URLSessionTask) {
    _ = lock.withLock { receivers.removeValue(forKey: task.taskIdentifier) }
  }

  private func receiver(of task: URLSessionTask) -> BoundedReceiver? {
    lock.withLock { receivers[task.taskIdentifier] }
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    guard let receiver = receiver(of: dataTask) else { return completionHandler(.cancel) }
    receiver.received(response, completionHandler: completionHandler)
  }

  /// Redirects are never followed here: the 3xx response is returned as it is, and the
  /// allowlist client decides (``AllowlistRedirectPolicy``), so no other origin is ever asked.
  func urlSession(
    _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
    newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    receiver(of: dataTask)?.received(data)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    receiver(of: task)?.completed(with: error)
  }
}

/// Collects one response, failing it past the byte limit; finishes exactly once.
private final class BoundedReceiver: @unchecked Sendable {
  // `@unchecked`: every mutable property is read and written under `lock`; the session's
  // delegate calls it on its own queue while timeouts and cancellation arrive from other threads.
  private let lock = NSLock()
  private let byteLimit: Int
  private var body = Data()
  private var response: HTTPURLResponse?
  private var task: URLSessionDataTask?
  private var continuation: CheckedContinuation<Result<HTTPExchange, RemoteAllowlistFailure>, Never>?
  private var pendingFailure: RemoteAllowlistFailure?
  private var finishHandlers: [@Sendable () -> Void] = []
  private var finished = false

  init(byteLimit: Int) { self.byteLimit = byteLimit }

  func start(
    _ task: URLSessionDataTask, continuation: CheckedContinuation<Result<HTTPExchange, RemoteAllowlistFailure>, Never>
  ) {
    let early: RemoteAllowlistFailure? = lock.withLock {
      self.task = task
      self.continuation = continuation
      return pendingFailure
    }
    if let early { return finish(.failure(early)) }
    task.resume()
  }

  func onFinish(_ handler: @escaping @Sendable () -> Void) {
    let runNow = lock.withLock { () -> Bool in
      if finished { return true }
      finishHandlers.append(handler)
      return false
    }
    if runNow { handler() }
  }

  /// Ends the request with `failure` (timeout, cancellation, too large) unless it already ended.
  func fail(_ failure: RemoteAllowlistFailure) {
    let started = lock.withLock { () -> Bool in
      if continuation == nil, !finished { pendingFailure = pendingFailure ?? failure }
      return continuation != nil
    }
    if started { finish(.failure(failure)) }
  }

  private func finish(_ result: Result<HTTPExchange, RemoteAllowlistFailure>) {
    let (continuation, task, handlers) = lock.withLock {
      () -> (
        CheckedContinuation<Result<HTTPExchange, RemoteAllowlistFailure>, Never>?, URLSessionDataTask?,
        [@Sendable () -> Void]
      ) in
      guard !finished, let continuation = self.continuation else { return (nil, nil, []) }
      finished = true
      self.continuation = nil
      defer { finishHandlers = [] }
      return (continuation, self.task, finishHandlers)
    }
    guard let continuation else { return }
    if case .failure = result { task?.cancel() }
    handlers.forEach { $0() }
    continuation.resume(returning: result)
  }

  func received(
    _ response: URLResponse, completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
  ) {
    let http = response as? HTTPURLResponse
    if let http, http.expectedContentLength > Int64(byteLimit) {
      completionHandler(.cancel)
      return finish(.failure(.tooLarge(limit: byteLimit)))
    }
    lock.withLock { self.response = http }
    completionHandler(.allow)
  }

  func received(_ data: Data) {
    let tooLarge = lock.withLock { () -> Bool in
      body.append(data)
      return body.count > byteLimit
    }
    if tooLarge { finish(.failure(.tooLarge(limit: byteLimit))) }
  }

  func completed(with error: (any Error)?) {
    if let error {
      let headReceived = lock.withLock { self.response != nil }
      return finish(.failure(Self.classify(error, headReceived: headReceived)))
    }
    let (response, body) = lock.withLock { (self.response, self.body) }
    guard let response else { return finish(.failure(.unreachable("no HTTP response"))) }
    var headers: [String: String] = [:]
    for (name, value) in response.allHeaderFields {
      // Names as sent: `HTTPExchange` joins lines whose names differ only in case.
      if let name = name as? String, let value = value as? String { headers[name] = value }
    }
    finish(.success(HTTPExchange(status: response.statusCode, headers: headers, body: body)))
  }

  /// A failure after the response head arrived (a chunked body that breaks off, a
  /// `Content-Length` longer than the body, an encoding that does not decode) is an incomplete
  /// response, not an unreachable server.
  private static func classify(_ error: any Error, headReceived: Bool) -> RemoteAllowlistFailure {
    guard let error = error as? URLError else { return .unreachable(String(describing: error)) }
    switch error.code {
    case .timedOut: return .timedOut
    case .cancelled: return .cancelled
    case .networkConnectionLost where headReceived, .cannotDecodeContentData, .cannotDecodeRawData,
      .cannotParseResponse, .badServerResponse:
      return .incompleteResponse(error.localizedDescription)
    default:
      // FoundationNetworking on Linux reports most of these as `.unknown` with curl's message.
      return headReceived ? .incompleteResponse(error.localizedDescription) : .unreachable(error.localizedDescription)
    }
  }
}
