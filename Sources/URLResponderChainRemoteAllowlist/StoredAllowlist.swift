import Foundation
import URLResponderChainAllowlist
import URLResponderChainCore

/// What is kept of an allowlist response to revalidate it and judge its freshness: the same
/// record in memory and in the cache file.
struct CachedResponse: Sendable, Codable {
  let document: Data
  let etag: String?
  let lastModified: String?
  /// The detached signature header the document came with, checked again when the cache is read.
  var signature: String? = nil
  var directives: HTTPCacheDirectives
  /// When the response was new: received (or last revalidated) minus its corrected initial
  /// age (RFC 9111 §4.2.3), so that its current age is now − `receivedAt`.
  var receivedAt: Date
}

/// A validated allowlist with the response it came from.
struct StoredAllowlist: Sendable {
  let allowlist: Allowlist
  var response: CachedResponse

  /// How usable the list is at `now` (RFC 9111 freshness, RFC 5861 stale windows).
  func freshness(at now: Date) -> CacheFreshness {
    response.directives.freshness(age: max(0, now.timeIntervalSince(response.receivedAt)))
  }
}

/// The cache file: the last validated response, for the endpoint it came from.
struct PersistedAllowlist: Codable {
  static let formatName = "URLResponderChain.allowlist-cache"
  static let fileName = "allowlist-cache.json"

  var format = formatName
  var formatVersion = 1
  let endpoint: String
  let response: CachedResponse
}

extension StoredAllowlist {
  /// Reads the persisted list for `endpoint`; a missing, corrupt, foreign or invalid file is
  /// ignored (and logged), never fatal.
  static func load(
    from directory: URL, endpoint: URL, entryLimit: Int, byteLimit: Int, integrity: AllowlistIntegrity,
    log: (String) -> Void
  ) -> StoredAllowlist? {
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
    if let problem = integrity.problem(
      document: persisted.response.document, signatureHeader: persisted.response.signature)
    {
      log("ignoring the allowlist cache at \(file.path): \(problem)")
      return nil
    }
    do throws(AllowlistError) {
      let allowlist = try AllowlistDocument.load(
        from: persisted.response.document, entryLimit: entryLimit, byteLimit: byteLimit)
      return StoredAllowlist(allowlist: allowlist, response: persisted.response)
    } catch {
      log("ignoring invalid allowlist cache at \(file.path): \(error)")
      return nil
    }
  }

  /// The scheme of the endpoint the list in `directory` was fetched from, if one is there.
  static func recordedScheme(in directory: URL) -> String? {
    struct Header: Decodable { let endpoint: String }
    let file = directory.appendingPathComponent(PersistedAllowlist.fileName)
    guard let data = try? Data(contentsOf: file), let header = try? JSONDecoder().decode(Header.self, from: data) else {
      return nil
    }
    return URL(string: header.endpoint)?.scheme?.lowercased()
  }

  /// Writes this list atomically; failures are logged, never fatal.
  func persist(to directory: URL, endpoint: URL, log: (String) -> Void) {
    let persisted = PersistedAllowlist(endpoint: endpoint.absoluteString, response: response)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try JSONEncoder().encode(persisted).write(
        to: directory.appendingPathComponent(PersistedAllowlist.fileName), options: .atomic)
    } catch {
      log("could not write the allowlist cache to \(directory.path): \(error)")
    }
  }
}
