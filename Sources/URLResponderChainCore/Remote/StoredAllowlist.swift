import Foundation

/// A validated allowlist with what is needed to revalidate it and to judge its freshness.
struct StoredAllowlist: Sendable {
  let allowlist: Allowlist
  let document: Data
  let etag: String?
  let lastModified: String?
  var directives: HTTPCacheDirectives
  /// When the response was received (or last revalidated), minus the `Age` it came with.
  var receivedAt: Date

  func age(at now: Date) -> Double { max(0, now.timeIntervalSince(receivedAt)) }
}

/// The on-disk form of the last validated list, written atomically to the cache folder.
struct PersistedAllowlist: Codable {
  static let formatName = "URLResponderChain.allowlist-cache"
  static let fileName = "allowlist-cache.json"

  var format = formatName
  var formatVersion = 1
  let endpoint: String
  let document: Data
  let etag: String?
  let lastModified: String?
  let directives: HTTPCacheDirectives
  let receivedAt: Date
}

extension StoredAllowlist {
  /// Reads the persisted list for `endpoint`; a missing, corrupt, foreign or invalid file is
  /// ignored (and logged), never fatal.
  static func load(from directory: URL, endpoint: URL, entryLimit: Int, log: (String) -> Void) -> StoredAllowlist? {
    let file = directory.appendingPathComponent(PersistedAllowlist.fileName)
    guard let data = try? Data(contentsOf: file) else { return nil }
    guard let persisted = try? JSONDecoder().decode(PersistedAllowlist.self, from: data),
      persisted.format == PersistedAllowlist.formatName, persisted.formatVersion == 1
    else {
      log("ignoring unreadable allowlist cache at \(file.path)")
      return nil
    }
    guard persisted.endpoint == endpoint.absoluteString else {
      log("ignoring allowlist cache for another endpoint (\(persisted.endpoint))")
      return nil
    }
    do throws(AllowlistError) {
      let allowlist = try AllowlistDocument.load(from: persisted.document, entryLimit: entryLimit)
      return StoredAllowlist(
        allowlist: allowlist, document: persisted.document, etag: persisted.etag,
        lastModified: persisted.lastModified, directives: persisted.directives, receivedAt: persisted.receivedAt)
    } catch {
      log("ignoring invalid allowlist cache at \(file.path): \(error)")
      return nil
    }
  }

  /// Writes this list atomically; failures are logged, never fatal.
  func persist(to directory: URL, endpoint: URL, log: (String) -> Void) {
    let persisted = PersistedAllowlist(
      endpoint: endpoint.absoluteString, document: document, etag: etag, lastModified: lastModified,
      directives: directives, receivedAt: receivedAt)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try JSONEncoder().encode(persisted).write(
        to: directory.appendingPathComponent(PersistedAllowlist.fileName), options: .atomic)
    } catch {
      log("could not write the allowlist cache to \(directory.path): \(error)")
    }
  }
}
