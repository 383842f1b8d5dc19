/// Settings for one propagation.
///
/// ```swift
/// let result = await linkView.propagateURL(url, options: .init(handlerTimeout: .seconds(5)))
/// ```
public struct URLPropagationOptions: Sendable {
  /// How long one handler may take to answer before the walk gives it up.
  ///
  /// What it measures: the time from the moment the walk calls the handler's
  /// ``AsyncURLHandler/decideURL(_:context:)`` to the moment the walk, on the main actor, has its
  /// answer. Every wait for the main actor in between counts: a handler runs on the main
  /// actor, so after each of its suspensions it waits for the main actor to be free again,
  /// and its answer is taken there. Under a busy main actor, a check that took its server
  /// 10 ms can still time out. The time before the handler is called (the walk's own wait
  /// for the main actor, or the handlers before it) does not count. An answer that arrives
  /// after the deadline is late whether or not the walk had already given up.
  ///
  /// The walk then ends with ``URLPropagationResult/Outcome/timedOut``, the handler's task
  /// is cancelled and its eventual answer is ignored. Negative values count as zero; a zero
  /// timeout gives up every handler that suspends. A handler that answers without
  /// suspending is timed out only if that call alone outlasts a positive timeout (holding
  /// the main actor all that time); with a zero timeout its answer always counts.
  public var handlerTimeout: Duration

  /// Whether a propagation of the same URL from the same origin, started while an
  /// identical one is still in flight, joins it instead of asking the handlers again.
  ///
  /// Joining is what keeps a double tap from presenting the same page twice: the handlers
  /// run once, and both callers receive the same result. A joining call's own options are
  /// not used; the first call's are. Defaults to `true`.
  public var joinsIdenticalPropagations: Bool

  /// Where the URL came from when it arrived from outside the app (the raw value of the
  /// inbound product's `InboundLinkSource`); `nil` for a link tapped in the app. The
  /// system-browser fallback at the end of the chain passes inbound links on instead of
  /// bouncing the user out of the app.
  package var inboundSourceName: String?

  /// The clock the handler timeout runs on. Defaults to `ContinuousClock()`.
  ///
  /// Only the waits use it: when a handler is given up, and whether its answer came in time.
  /// With the default, time the device spends asleep counts: a handler asked before the
  /// device slept for longer than its timeout is given up when the device wakes. The
  /// durations in the trace are measured on the same clock. A test passes
  /// a clock it moves by hand, so that a timeout of 30 seconds passes in no time and a loaded
  /// machine cannot make a handler late:
  ///
  /// ```swift
  /// var options = URLPropagationOptions(handlerTimeout: .seconds(30))
  /// options.clock = ContinuousClock()   // in a test, a clock the test advances
  /// ```
  public var clock: any Clock<Duration>

  /// Whether the walk's task, started at the first handler that must be awaited, may start
  /// synchronously with `Task.immediate` where the OS has it. Tests turn it off to exercise
  /// the path older systems take.
  var startsImmediatelyWhereAvailable = true

  /// Creates options.
  ///
  /// - Parameters:
  ///   - handlerTimeout: How long one handler may take to answer. Defaults to 30 seconds.
  ///   - clock: The clock the timeout runs on. Defaults to `ContinuousClock()`.
  public init(handlerTimeout: Duration = .seconds(30), clock: any Clock<Duration> = ContinuousClock()) {
    self.handlerTimeout = handlerTimeout
    self.clock = clock
    self.joinsIdenticalPropagations = true
  }
}
