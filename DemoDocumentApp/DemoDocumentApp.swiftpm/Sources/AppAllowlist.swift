import Foundation
import Security
import URLResponderChainRemoteAllowlist

/// The app's remote allowlist, made once: every screen checks its links against this one, so
/// that one fetch (and one cache folder, one retry budget) serves them all, as the SDK's
/// documentation asks. A constant, not state: the list keeps its own, behind its actor.
enum AppAllowlist {
  static let shared: RemoteAllowlist = {
    var configuration = RemoteAllowlistConfiguration(
      endpoint: URL(string: "https://config.example.com/allowlist.json")!)
    configuration.whenUnavailable = .failClosed(baseline: BundledDocuments.baseline())
    // Read on every fetch, so the check retried after a sign-in carries the new token.
    configuration.credentials = { ["Authorization": "Bearer \(AccessToken.stored() ?? "")"] }
    // The endpoint is a constant https URL with a host, which `RemoteAllowlist` always accepts;
    // an endpoint read from settings would handle `RemoteAllowlistConfigurationError` instead.
    return try! RemoteAllowlist(configuration: configuration)
  }()
}

/// The access token the allowlist server asks for, kept in the Keychain: never in
/// `UserDefaults`, which is a plain file in the app's container and lands in backups.
enum AccessToken {
  /// The attributes that name the token's Keychain item.
  private static func itemQuery() -> [String: Any] {
    [
      kSecClass as String: kSecClassGenericPassword,
      kSecAttrService as String: "DemoDocumentApp.allowlist",
      kSecAttrAccount as String: "access-token",
    ]
  }

  /// The stored token, or `nil` when none is stored (or the Keychain cannot be read).
  static func stored() -> String? {
    var search = itemQuery()
    search[kSecReturnData as String] = true
    search[kSecMatchLimit as String] = kSecMatchLimitOne
    var result: CFTypeRef?
    guard SecItemCopyMatching(search as CFDictionary, &result) == errSecSuccess, let data = result as? Data else {
      return nil
    }
    return String(data: data, encoding: .utf8)
  }

  /// Replaces the stored token; readable only while the device is unlocked, and never moved
  /// to another device by a backup.
  /// - Returns: Whether the Keychain took it.
  @discardableResult
  static func store(_ token: String) -> Bool {
    SecItemDelete(itemQuery() as CFDictionary)
    var item = itemQuery()
    item[kSecValueData as String] = Data(token.utf8)
    item[kSecAttrAccessible as String] = kSecAttrAccessibleWhenUnlockedThisDeviceOnly
    return SecItemAdd(item as CFDictionary, nil) == errSecSuccess
  }
}
