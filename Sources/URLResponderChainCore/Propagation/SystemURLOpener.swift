/// The application at the end of a chain, which opens URLs with the system: the only handler
/// a walk still asks after a handler answered ``URLHandlingDecision/systemAction``.
///
/// `UIApplication`, `NSApplication` and the test kit's `TestApplication` conform; nothing
/// else may, since every handler that conforms is trusted not to show a link in-app.
@MainActor
package protocol SystemURLOpener: AnyObject {}
