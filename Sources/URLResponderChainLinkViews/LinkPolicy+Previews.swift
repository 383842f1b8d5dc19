package import URLResponderChainCore

extension LinkPolicy {
  /// What a long press previews when no presenter above the link shows anything in-app: no
  /// link, since a tap would go past every in-app presenter to the system.
  package static let previewsNothing = LinkPolicy(
    permittedPorts: [], universalLinksFirst: false, preference: .inApp,
    judge: { _ in .system(reason: "no in-app presenter above this link") })

  /// The policy a long press on a link previews by: `chosen` when the app set one, else the
  /// policy of the presenter the link reaches on a tap (`found`), else
  /// ``previewsNothing``. So a preview never shows in-app a link a tap would not.
  /// The responder chain is walked for `found` only when the app set none.
  package static func forPreviews(chosen: LinkPolicy?, found: @autoclosure () -> LinkPolicy?) -> LinkPolicy {
    chosen ?? found() ?? previewsNothing
  }
}
