/// Where one link opens, and why: the answer of ``LinkPolicy/destination(for:)``, which every
/// surface asks and the platform only performs.
///
/// In a handler's words (``URLHandlingDecision``): the first two are taken (the presenter shows
/// the link), ``systemAction(reason:)`` is `.systemAction`, and ``discarded(reason:)`` is
/// `.discarded(reason:)`.
public enum LinkDestination: Sendable, Equatable {
  /// The in-app browser; when `nativeAppFirst`, the link's own app (a universal link) is
  /// tried before it.
  case inApp(nativeAppFirst: Bool, reason: String)
  /// The link's own app if a universal link opens one, else the person's default browser.
  case nativeAppOrDefaultBrowser(reason: String)
  /// The system opens it: not a web link, or one the policy keeps out of the in-app browser.
  case systemAction(reason: String)
  /// Nobody opens it: a rule blocks it, or its scheme never leaves its document.
  case discarded(reason: String)

  /// Why the link goes there.
  public var reason: String {
    switch self {
    case .inApp(_, let reason), .nativeAppOrDefaultBrowser(let reason), .systemAction(let reason),
      .discarded(let reason):
      reason
    }
  }
}
