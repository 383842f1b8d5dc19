/// An error of this package's that says which recovery it needs (the remote allowlist's
/// failures); ``RecoveryClassifier/standard`` asks it. An app says its own errors' kinds with
/// a ``RecoveryClassifier``.
package protocol RecoveryKindProviding: Error {
  /// The recovery this failure needs, or `nil` when retrying cannot help.
  ///
  /// - Parameter isConnected: Whether the network is usable, or `nil` when nobody monitors it.
  func recoveryKind(isConnected: Bool?) -> RecoveryKind?
}
