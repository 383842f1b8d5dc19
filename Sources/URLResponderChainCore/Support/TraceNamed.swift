/// A node that names itself in printed traces, as the test kit's responders do.
///
/// Package-internal: the name is read in debug builds only, so that a release build's walk
/// never pays for it.
package protocol TraceNamed: AnyObject {
  /// The name shown after the node's type in a trace.
  var traceName: String { get }
}
