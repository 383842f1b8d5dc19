/// An error that says which recovery it needs; ``RecoveryClassifier/standard`` asks it.
///
/// ```swift
/// extension APIError: RecoveryKindProviding {
///   func recoveryKind(isConnected: Bool?) -> RecoveryKind? {
///     self == .sessionExpired ? .notAuthenticated : nil
///   }
/// }
/// ```
public protocol RecoveryKindProviding: Error {
  /// The recovery this failure needs, or `nil` when retrying cannot help.
  ///
  /// - Parameter isConnected: Whether the network is usable, or `nil` when nobody monitors it.
  func recoveryKind(isConnected: Bool?) -> RecoveryKind?
}
