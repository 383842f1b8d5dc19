public import Foundation

extension RemoteAllowlistConfiguration {
  /// Where a ``RemoteAllowlist`` keeps the last list it validated, for the next launch.
  ///
  /// A kept list is what lets an app that starts during an outage serve the list
  /// `stale-if-error` allows instead of failing closed, and what a relaunch revalidates with a
  /// `304` instead of downloading again. A response with `no-store` removes the kept copy.
  ///
  /// ```swift
  /// var configuration = RemoteAllowlistConfiguration(endpoint: URL(string: "https://config.example.com/allowlist.json")!)
  /// configuration.cacheLocation = .memoryOnly  // every launch starts without a list
  /// ```
  public enum CacheLocation: Sendable, Equatable {
    /// A folder in the app's caches folder named after the endpoint, so that lists of
    /// different endpoints never share a file. The default.
    case cachesFolder
    /// This folder. Give each endpoint a folder of its own.
    case directory(URL)
    /// Nowhere: the list lives in memory, and every launch starts without one.
    case memoryOnly

    /// The folder the list is kept in, `appCaches` standing for the app's caches folder.
    func folder(for endpoint: URL, appCaches: URL?) -> URL? {
      switch self {
      case .cachesFolder:
        appCaches?.appendingPathComponent("URLResponderChain.RemoteAllowlist", isDirectory: true)
          .appendingPathComponent(Self.folderName(for: endpoint), isDirectory: true)
      case .directory(let folder): folder
      case .memoryOnly: nil
      }
    }

    /// The first 16 hexadecimal digits of the endpoint's SHA-256: a name every file system
    /// accepts, different for every endpoint an app could have.
    static func folderName(for endpoint: URL) -> String {
      String(SHA256Digest.hex(SHA256Digest.hash(Array(endpoint.absoluteString.utf8))).prefix(16))
    }

    /// The app's caches folder (on Linux, the user's `~/.cache`).
    static var appCaches: URL? {
      FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first
    }
  }
}
