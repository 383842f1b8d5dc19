/// What ended a recovery.
public enum RecoveryChoice: Sendable, Equatable {
  /// Try the failed operation again: the person tapped Retry, signed in, or the network came back.
  case retry
  /// Give up on it: the person cancelled, nobody could ask, or the waiting task was cancelled.
  case cancel
}
