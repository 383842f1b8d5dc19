import Foundation
import URLResponderChainAllowlist

/// The cache folder of a remote allowlist: the last list fetched, with its response's
/// validators and freshness, kept across launches.
///
/// A file that is unreadable, of another format, for another endpoint, fails the integrity
/// check or is not a valid list, is ignored (and logged), never trusted. The folder also
/// records over which scheme its list came, for the https-only rule (``refusesPlainHTTPLists()``).
///
/// A class, not a struct: it is never changed, and a struct holding a whole configuration
/// made every copy of it a field-by-field copy (3 KB of code at `-Osize`).
final class AllowlistCacheFolder: Sendable {
  let directory: URL
  /// The endpoint, limits, integrity check and log the list is read with.
  let configuration: RemoteAllowlistConfiguration

  init(directory: URL, configuration: RemoteAllowlistConfiguration) {
    self.directory = directory
    self.configuration = configuration
  }

  private var endpoint: URL { configuration.endpoint }
  private func log(_ line: String) { configuration.log(line) }

  private var file: URL { directory.appendingPathComponent(PersistedAllowlist.fileName) }

  /// The stored list for this endpoint, if the folder holds a valid one.
  func read() -> StoredAllowlist? {
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
    if let problem = configuration.integrity.problem(
      document: persisted.response.document, signatureHeader: persisted.response.signature)
    {
      log("ignoring the allowlist cache at \(file.path): \(problem)")
      return nil
    }
    do throws(AllowlistError) {
      let allowlist = try Allowlist(
        document: persisted.response.document, entryLimit: configuration.entryLimit, byteLimit: configuration.byteLimit)
      return StoredAllowlist(allowlist: allowlist, response: persisted.response)
    } catch {
      log("ignoring invalid allowlist cache at \(file.path): \(error)")
      return nil
    }
  }

  /// Whether the folder holds a list fetched over https, read from the file whatever its
  /// endpoint (an app that moved its endpoint from https to http is the case this guards).
  func holdsListFetchedOverHTTPS() -> Bool {
    struct Header: Decodable { let endpoint: String }
    guard let data = try? Data(contentsOf: file), let header = try? JSONDecoder().decode(Header.self, from: data) else {
      return false
    }
    return URL(string: header.endpoint)?.scheme?.lowercased() == "https"
  }

  /// The https-only rule: once the folder holds a list fetched over https, a list fetched
  /// from a plain-http endpoint never replaces it (as HSTS never lets a site go back).
  func refusesPlainHTTPLists() -> Bool {
    endpoint.scheme?.lowercased() == "http" && holdsListFetchedOverHTTPS()
  }

  /// Stores `stored` for the next launch, replacing the file atomically; a failure is logged.
  func write(_ stored: StoredAllowlist) {
    let persisted = PersistedAllowlist(endpoint: endpoint.absoluteString, response: stored.response)
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      try JSONEncoder().encode(persisted).write(to: file, options: .atomic)
    } catch {
      log("could not write the allowlist cache to \(directory.path): \(error)")
    }
  }

  /// Removes the stored list (a response said `no-store`); a failure is logged.
  func remove() {
    do {
      try FileManager.default.removeItem(at: file)
    } catch  where !FileManager.default.fileExists(atPath: file.path) {
      return  // nothing was stored
    } catch {
      log("could not remove the allowlist cache at \(file.path): \(error)")
    }
  }
}
