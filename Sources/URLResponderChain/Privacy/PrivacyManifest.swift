package import Foundation

/// Where this module's privacy manifest (`PrivacyInfo.xcprivacy`) is in the built bundle.
///
/// Xcode reads the manifest itself when it builds an app's privacy report; this accessor
/// lets the package's tests prove the file ships.
package enum AdapterPrivacyManifest {
  /// The manifest's location in the module's resource bundle, or `nil` if it is missing.
  package static var url: URL? {
    Bundle.module.url(forResource: "PrivacyInfo", withExtension: "xcprivacy")
  }
}
