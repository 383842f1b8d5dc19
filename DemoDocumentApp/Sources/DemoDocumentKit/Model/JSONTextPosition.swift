public import Foundation

/// Where in a JSON text a value is, or where the text stops being JSON: a line and a column
/// (both from 1, the column counted in characters), so that an error can point at it.
///
/// A small scanner of its own, since `JSONDecoder` reports a coding path but no position.
/// Depth is bounded (a deeper text is reported where it exceeds the bound) so that a hostile
/// document cannot exhaust the stack.
public struct JSONTextPosition: Equatable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  public let line: Int
  /// The column, from 1, in characters.
  public let column: Int

  /// A position.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `line:column`.
  public var description: String { "\(line):\(column)" }

  /// The position of the value at `path` (object keys and array indices), or of the deepest
  /// value on the way that exists; `nil` when the text is not JSON before it gets there.
  public static func of(_ path: [any CodingKey], in data: Data) -> JSONTextPosition? {
    var scanner = Scanner(
      bytes: Array(data), target: path.map { $0.intValue.map(PathStep.index) ?? .key($0.stringValue) })
    scanner.skipSpace()
    guard (try? scanner.value(depth: 0, onPath: true)) != nil || scanner.found != nil else { return nil }
    return scanner.found.map { position(of: $0, in: scanner.bytes) }
  }

  /// Where the text stops being JSON, or `nil` when it is JSON.
  public static func ofSyntaxError(in data: Data) -> JSONTextPosition? {
    var scanner = Scanner(bytes: Array(data), target: nil)
    do {
      scanner.skipSpace()
      try scanner.value(depth: 0, onPath: false)
      scanner.skipSpace()
      guard scanner.index == scanner.bytes.count else { throw Scanner.Stop() }
      return nil
    } catch {
      return position(of: min(scanner.index, scanner.bytes.count), in: scanner.bytes)
    }
  }

  private static func position(of offset: Int, in bytes: [UInt8]) -> JSONTextPosition {
    var line = 1
    var lineStart = 0
    for (index, byte) in bytes[..<offset].enumerated() where byte == UInt8(ascii: "\n") {
      line += 1
      lineStart = index + 1
    }
    let column = String(decoding: bytes[lineStart..<offset], as: UTF8.self).count + 1
    return JSONTextPosition(line: line, column: column)
  }

  private enum PathStep: Equatable {
    case key(String)
    case index(Int)
  }

  private struct Scanner {
    struct Stop: Error {}

    let bytes: [UInt8]
    let target: [PathStep]?
    var index = 0
    /// The offset of the deepest value on the target path met so far.
    var found: Int?
    static let maximumDepth = 512

    init(bytes: [UInt8], target: [PathStep]?) {
      self.bytes = bytes
      self.target = target
    }

    mutating func skipSpace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    /// Scans one value; `onPath` when it is the value at `target[..<depth]`.
    mutating func value(depth: Int, onPath: Bool) throws {
      guard depth < Self.maximumDepth, index < bytes.count else { throw Stop() }
      if onPath, target != nil { found = index }
      switch bytes[index] {
      case UInt8(ascii: "{"): try object(depth: depth, onPath: onPath)
      case UInt8(ascii: "["): try array(depth: depth, onPath: onPath)
      case UInt8(ascii: "\""): _ = try string()
      case UInt8(ascii: "t"): try literal("true")
      case UInt8(ascii: "f"): try literal("false")
      case UInt8(ascii: "n"): try literal("null")
      default: try number()
      }
    }

    private func step(_ depth: Int) -> PathStep? {
      guard let target, depth < target.count else { return nil }
      return target[depth]
    }

    private mutating func object(depth: Int, onPath: Bool) throws {
      index += 1
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
        index += 1
        return
      }
      while true {
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw Stop() }
        let key = try string()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw Stop() }
        index += 1
        skipSpace()
        try value(depth: depth + 1, onPath: onPath && step(depth) == .key(key))
        skipSpace()
        guard index < bytes.count else { throw Stop() }
        if bytes[index] == UInt8(ascii: "}") {
          index += 1
          return
        }
        guard bytes[index] == UInt8(ascii: ",") else { throw Stop() }
        index += 1
      }
    }

    private mutating func array(depth: Int, onPath: Bool) throws {
      index += 1
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
        index += 1
        return
      }
      var element = 0
      while true {
        skipSpace()
        try value(depth: depth + 1, onPath: onPath && step(depth) == .index(element))
        element += 1
        skipSpace()
        guard index < bytes.count else { throw Stop() }
        if bytes[index] == UInt8(ascii: "]") {
          index += 1
          return
        }
        guard bytes[index] == UInt8(ascii: ",") else { throw Stop() }
        index += 1
      }
    }

    /// A string's text (escapes kept as written: keys in documents have none).
    private mutating func string() throws -> String {
      index += 1
      let start = index
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\""):
          defer { index += 1 }
          return String(decoding: bytes[start..<index], as: UTF8.self)
        case UInt8(ascii: "\\"): index += 2
        case 0..<0x20: throw Stop()
        default: index += 1
        }
      }
      throw Stop()
    }

    private mutating func literal(_ word: String) throws {
      let utf8 = Array(word.utf8)
      guard index + utf8.count <= bytes.count, Array(bytes[index..<(index + utf8.count)]) == utf8 else { throw Stop() }
      index += utf8.count
    }

    private mutating func number() throws {
      let start = index
      while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
      guard index > start else { throw Stop() }
    }
  }
}
