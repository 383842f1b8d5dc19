package import Foundation

#if canImport(os)
  import os
#else
  import Synchronization
#endif

/// The package's log: `os_log` and `os_signpost` on Apple platforms, a portable stand-in
/// elsewhere that writes to `ChainLogRecorder` (for tests) and costs a nil check otherwise.
/// The stand-in and its records exist only where `os` does not, so Apple builds carry none
/// of it.
///
/// Call sites are the same on every platform. URLs are logged as ``URLRedaction``s: the origin
/// public, the path private, the query and fragment never (unless the app asked for full URLs
/// in a debug build, ``ChainLogSettings``).
package struct ChainLog: Sendable {
  package static let propagation = ChainLog(.propagation)
  package static let allowlist = ChainLog(.allowlist)
  static let presentation = ChainLog(.presentation)
  package static let inbound = ChainLog(.inbound)

  let category: ChainLogCategory
  #if canImport(os)
    // `os_log` and `os_signpost` with static formats, not `Logger` and `OSSignposter`: the
    // same lines and intervals, without the interpolation machinery those compile into
    // the core (about 5 KB, measured with `apple-typecheck --size`).
    private let osLog: OSLog
  #endif

  private init(_ category: ChainLogCategory) {
    self.category = category
    #if canImport(os)
      osLog = OSLog(subsystem: ChainLogSettings.subsystem, category: category.name)
    #endif
  }

  /// Logs a debug line: public `text`, then the URL (origin public, path private, query and
  /// fragment never), then public `detail`. Nothing is evaluated unless debug lines are kept.
  @inline(never)
  package func debug(
    _ text: @autoclosure () -> String, url: @autoclosure () -> URL, _ detail: @autoclosure () -> String
  ) {
    #if canImport(os)
      guard osLog.isEnabled(type: .debug) else { return }
      let url = url()
      if ChainLogSettings.showsFullURLs {
        let line = text() + " " + url.absoluteString + detail()
        os_log("%{public}@", log: osLog, type: .debug, line)
      } else {
        let origin = text() + " " + URLRedaction(url).description
        os_log("%{public}@%{private}@%{public}@", log: osLog, type: .debug, origin, url.path, detail())
      }
    #else
      guard let recorder = ChainLogRecorder.current else { return }
      let url = url()
      let redacted = URLRedaction(url)
      let shown =
        ChainLogSettings.showsFullURLs
        ? url.absoluteString : "\(redacted)\(redacted.path.isEmpty ? "" : "<private>")"
      recorder(.line(category: category, level: .debug, text: "\(text()) \(shown)\(detail())"))
    #endif
  }

  /// Logs a line that names no URL.
  @inline(never)
  package func log(_ level: ChainLogLevel, _ text: @autoclosure () -> String) {
    #if canImport(os)
      let type: OSLogType =
        switch level {
        case .debug: .debug
        case .info: .info
        case .error: .error
        }
      guard osLog.isEnabled(type: type) else { return }
      os_log("%{public}@", log: osLog, type: type, text())
    #else
      ChainLogRecorder.current?(.line(category: category, level: level, text: text()))
    #endif
  }

  // MARK: - Signposts

  /// Whether intervals are being recorded (Instruments attached, or a test recorder).
  package var isSignposting: Bool {
    #if canImport(os)
      osLog.signpostsEnabled
    #else
      ChainLogRecorder.current != nil
    #endif
  }

  /// Begins an interval. Call only when ``isSignposting`` (so `message` is built only then).
  @inline(never)
  package func beginInterval(_ name: StaticString, id object: AnyObject, _ message: String) -> SignpostInterval {
    #if canImport(os)
      let id = OSSignpostID(log: osLog, object: object)
      os_signpost(.begin, log: osLog, name: name, signpostID: id, "%{public}@", message)
      return SignpostInterval(id: id)
    #else
      let id = UInt(bitPattern: ObjectIdentifier(object).hashValue)
      ChainLogRecorder.current?(.intervalBegan(category: category, name: "\(name)", id: id, message: message))
      return SignpostInterval(id: id)
    #endif
  }

  /// Ends an interval begun with ``beginInterval(_:id:_:)``.
  @inline(never)
  package func endInterval(_ name: StaticString, _ interval: SignpostInterval, _ message: String) {
    #if canImport(os)
      os_signpost(.end, log: osLog, name: name, signpostID: interval.id, "%{public}@", message)
    #else
      ChainLogRecorder.current?(
        .intervalEnded(category: category, name: "\(name)", id: interval.id, message: message))
    #endif
  }
}

/// What a log line or signpost is about; a Console and Instruments filter.
///
/// No raw value: a `String` raw type would make every comparison a string comparison, and
/// its conformances cost half a kilobyte of code.
package enum ChainLogCategory: Sendable {
  case propagation, allowlist, presentation, inbound

  /// The category's name in Console and Instruments.
  var name: String {
    switch self {
    case .propagation: "propagation"
    case .allowlist: "allowlist"
    case .presentation: "presentation"
    case .inbound: "inbound"
    }
  }
}

/// An open signpost interval.
package struct SignpostInterval: Sendable {
  #if canImport(os)
    let id: OSSignpostID
  #else
    let id: UInt
  #endif
}

/// How loud a log line is.
package enum ChainLogLevel: Sendable, Equatable {
  case debug, info, error
}

#if !canImport(os)
  /// What the portable stand-in records: log lines and signpost intervals.
  package enum ChainLogRecord: Sendable, Equatable {
    case line(category: ChainLogCategory, level: ChainLogLevel, text: String)
    case intervalBegan(category: ChainLogCategory, name: String, id: UInt, message: String)
    case intervalEnded(category: ChainLogCategory, name: String, id: UInt, message: String)
  }

  /// Receives the stand-in's records; nobody by default.
  package enum ChainLogRecorder {
    private static let recorder = LockedValue<(@Sendable (ChainLogRecord) -> Void)?>(nil)
    // Every propagation asks whether anyone records; an atomic load answers "nobody" without the lock.
    private static let isInstalled = Atomic<Bool>(false)

    /// The recorder, if one is installed.
    static var current: (@Sendable (ChainLogRecord) -> Void)? {
      guard isInstalled.load(ordering: .acquiring) else { return nil }
      return recorder.withLock { $0 }
    }

    /// Installs `record` (or removes it with `nil`); returns the one it replaces.
    @discardableResult
    package static func install(_ record: (@Sendable (ChainLogRecord) -> Void)?) -> (
      @Sendable (ChainLogRecord) -> Void
    )? {
      recorder.withLock { current in
        defer {
          current = record
          isInstalled.store(record != nil, ordering: .releasing)
        }
        return current
      }
    }
  }
#endif
