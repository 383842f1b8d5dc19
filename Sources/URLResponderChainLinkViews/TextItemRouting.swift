package import Foundation

/// Who answers a text view's delegate callbacks when a link-routing delegate stands in for
/// the app's own: links go up the chain, everything else stays the app's.
///
/// The link-routing delegate owns three callbacks, the ones that decide what a tap or long
/// press on a text item does. For a link it answers them itself; for any other item (an
/// attachment, a tag) it asks the app's delegate when that implements the callback, and
/// leaves the system's default otherwise. Every other callback (editing, selection,
/// scrolling, edit menus) belongs to the app's delegate: the routing delegate does not
/// implement it, so the Objective-C runtime forwards it there untouched.
package enum TextItemRouting {
  /// Who answers.
  package enum Responder: Equatable {
    /// The link-routing delegate: the link goes up the responder chain.
    case chain(URL)
    /// The app's own text view delegate.
    case appDelegate
    /// Nobody: the system's default action or menu.
    case system
  }

  /// A tap's primary action, or (before iOS 17) `shouldInteractWith` for a tap.
  package static func tap(link: URL?, appDelegateImplements: Bool) -> Responder {
    if let link { .chain(link) } else { appDelegateImplements ? .appDelegate : .system }
  }

  /// A long press's menu: a link's menu is the chain's when link previews are on.
  package static func menu(link: URL?, previewsLinks: Bool, appDelegateImplements: Bool) -> Responder {
    if let link, previewsLinks { .chain(link) } else { appDelegateImplements ? .appDelegate : .system }
  }

  /// Before iOS 17, `shouldInteractWith` on a link: a tap goes up the chain; a long press's
  /// preview and menu stay the app delegate's, or UIKit's (links get their menu from iOS 17).
  package static func linkInteraction(_ link: URL, isTap: Bool, appDelegateImplements: Bool) -> Responder {
    isTap
      ? tap(link: link, appDelegateImplements: appDelegateImplements)
      : menu(link: link, previewsLinks: false, appDelegateImplements: appDelegateImplements)
  }
}
