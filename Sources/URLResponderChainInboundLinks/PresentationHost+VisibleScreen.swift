package import URLResponderChainCore

/// Where an inbound link starts: the screen the user sees, or a reason to wait.
package enum VisibleScreen {
  /// The top-most visible host.
  case host(any PresentationHost)
  /// A modal presentation or dismissal is in progress; the screen is about to change.
  case transitioning
}

extension PresentationHost {
  /// The screen the user sees above this root: presented hosts first, then each container's
  /// visible child, so that a sheet over a navigation stack inside a tab bar gives the
  /// sheet's own top screen. ``VisibleScreen/transitioning`` while any presentation or
  /// dismissal on the way is in progress. Cycles end the search.
  package var visibleScreen: VisibleScreen {
    if isBeingPresented || isBeingDismissed { return .transitioning }
    var host: any PresentationHost = self
    var seen = AddressTable()
    _ = seen.insert(ObjectIdentifier(self))
    // Each host passed is kept until the walk ends: a conformer may make its hosts as they
    // are asked for, and a freed one's address, taken by the next, would read as a cycle.
    var passed = HeldNodes()
    while true {
      let next: any PresentationHost
      if let presented = host.presentedHost {
        if presented.isBeingPresented || presented.isBeingDismissed { return .transitioning }
        next = presented
      } else if let child = host.visibleChildHost {
        next = child
      } else {
        break
      }
      guard seen.insert(ObjectIdentifier(next)) else { break }
      passed.append(host)
      host = next
    }
    return .host(host)
  }
}
