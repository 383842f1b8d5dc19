public import URLResponderChainCore

/// The base of the test kit's responder tree: a named node whose successor follows
/// UIKit's documented `next` rules in each subclass.
///
/// Subclass a ``TestViewController`` (or any test responder) and conform it to
/// `URLHandler` to unit-test handler logic on any platform, without UIKit.
@MainActor
open class TestResponder: ResponderChainNode, CustomStringConvertible {
  /// A name for traces and test failures.
  public let name: String

  /// Creates a responder.
  ///
  /// - Parameter name: A name for traces and test failures.
  public init(name: String) {
    self.name = name
  }

  /// The next node; each subclass implements UIKit's rule for its kind of responder.
  open var nextNode: (any ResponderChainNode)? { nil }

  /// The type and name, for test output.
  nonisolated public var description: String { "\(type(of: self))(\(name))" }
}

// Traces print the name after the type in debug builds: `TestView "link"`.
extension TestResponder: TraceNamed {
  nonisolated package var traceName: String { name }
}
