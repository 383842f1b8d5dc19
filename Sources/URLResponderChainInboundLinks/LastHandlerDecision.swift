/// What the last handler (``InboundLinkConfiguration/whenUnhandled``) does with an inbound link
/// no screen handled: only the two answers it can give. There is nobody after it, and an
/// inbound link never goes to the system, so it cannot pass the link on, rewrite it or send
/// it to the system: those answers of a `URLHandlingDecision` do not exist here.
///
/// ```swift
/// var configuration = InboundLinkConfiguration(associatedDomains: ["example.com"])
/// configuration.whenUnhandled = { url, _ in .discarded(reason: "no screen shows \(url.path())") }
/// ```
public enum LastHandlerDecision: Sendable, Equatable {
  /// The app took the link (it routed it itself): the link's outcome is `.handled`.
  case handled
  /// Nobody opens it, and why: the link's outcome is `.discarded(reason:)`.
  case discarded(reason: String)
}
