import Foundation
import Testing

@testable import URLResponderChainInboundLinks

/// A scene's disconnection is reported once, and only the scene's own.
@MainActor
@Suite struct ObserveOnceTests {
  static let disconnected = Notification.Name("ObserveOnceTests.disconnected")

  @Test func theActionRunsOnceForItsObjectsFirstNotification() {
    let center = NotificationCenter()
    let scene = NSObject()
    let other = NSObject()
    let calls = Calls()
    center.observeOnce(Self.disconnected, from: scene, queue: nil) { calls.count += 1 }
    center.post(name: Self.disconnected, object: other)
    #expect(calls.count == 0, "another object's notification is not this scene's")
    center.post(name: Self.disconnected, object: scene)
    center.post(name: Self.disconnected, object: scene)
    #expect(calls.count == 1)
  }
}

@MainActor
private final class Calls {
  var count = 0
}
