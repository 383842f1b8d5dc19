/// An error that knows how it should be shown to a person.
///
/// An alert presenter in the chain (on UIKit, a view controller that conforms to
/// `AlertPresentingErrorHandler`, or your own ``ErrorHandler``) shows ``title`` and
/// ``message`` for any error that conforms.
///
/// ```swift
/// enum DocumentError: AlertableError {
///   case missing(String)
///   var title: String { "Document unavailable" }
///   var message: String {
///     switch self { case .missing(let name): "\(name) could not be found." }
///   }
/// }
/// ```
public protocol AlertableError: Error {
  /// A short title for the alert.
  var title: String { get }
  /// The text of the alert: what happened and, ideally, what to do.
  var message: String { get }
}

extension AlertableError {
  /// A generic title, for errors that only have a message.
  public var title: String { "Something went wrong" }
}
