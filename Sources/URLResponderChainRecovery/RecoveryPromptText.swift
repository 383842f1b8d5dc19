import URLResponderChainCore

/// The title and message of a recovery prompt.
public struct RecoveryPromptText: Sendable, Equatable {
  /// The prompt's title.
  public var title: String
  /// The prompt's message.
  public var message: String

  /// Creates a text.
  public init(title: String, message: String) {
    self.title = title
    self.message = message
  }

  /// The words used unless the caller gives others.
  ///
  /// - serverError: "Something went wrong" — "The server didn't respond. Try again."
  /// - offline: "You're offline" — "This will continue by itself when you're back online."
  /// - notAuthenticated: "Sign in to continue" — "Your session has expired."
  public static func standard(for kind: RecoveryKind) -> RecoveryPromptText {
    switch kind {
    case .serverError:
      RecoveryPromptText(title: "Something went wrong", message: "The server didn't respond. Try again.")
    case .offline:
      RecoveryPromptText(title: "You're offline", message: "This will continue by itself when you're back online.")
    case .notAuthenticated:
      RecoveryPromptText(title: "Sign in to continue", message: "Your session has expired.")
    }
  }
}
