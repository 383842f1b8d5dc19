import Foundation
import URLResponderChainCore

/// A strict RFC 8259 reading of a whole document that rejects duplicate object names.
///
/// RFC 8259 §4 leaves duplicate names to the parser: one reader keeps the first, another the
/// last, so `{"allow": ["a.com"], "allow": ["evil.com"]}` means two lists. A security list
/// must mean one thing to every reader, so a document with a duplicate name at any depth is
/// rejected before it is read. Names are compared after their escapes are decoded (so
/// `"\u0061llow"` is `"allow"`) and as Swift strings compare, under canonical equivalence,
/// which rejects whatever any reader could take for one name.
///
/// The grammar is RFC 8259's, exactly: no comments, no trailing commas, no lone surrogates,
/// no byte-order mark, nothing after the value but white space. Nesting deeper than
/// ``depthLimit`` is rejected. The walk is iterative, so hostile nesting cannot exhaust
/// the stack, and it is linear in the document's size.
enum JSONNameCheck {
  /// The deepest nesting read.
  static let depthLimit = 512

  /// Why the document is rejected, or `nil` when it is well-formed JSON without duplicate
  /// names.
  static func problem(in data: Data) -> String? {
    data.withUnsafeBytes { raw -> String? in
      var reader = Reader(bytes: raw.bindMemory(to: UInt8.self))
      do throws(Failure) {
        try reader.readDocument()
        return nil
      } catch {
        return error.reason
      }
    }
  }

  struct Failure: Error {
    let reason: String
  }

  /// One open object or array, and where in it the reader is.
  fileprivate enum Frame {
    case object(names: Set<String>, current: String?)
    case array(index: Int)
  }

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var offset = 0
    var frames: [Frame] = []

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func readDocument() throws(Failure) {
      skipWhiteSpace()
      try readValue()
      while !frames.isEmpty {
        skipWhiteSpace()
        let byte = try next()
        switch (frames[frames.count - 1], byte) {
        case (.object, UInt8(ascii: "}")), (.array, UInt8(ascii: "]")):
          frames.removeLast()
        case (.object, UInt8(ascii: ",")):
          skipWhiteSpace()
          try readMember()
        case (.array(let index), UInt8(ascii: ",")):
          frames[frames.count - 1] = .array(index: index + 1)
          skipWhiteSpace()
          try readValue()
        default:
          throw fail("unexpected \(describe(byte)) in \(location)")
        }
      }
      skipWhiteSpace()
      guard offset == bytes.count else { throw fail("unexpected \(describe(bytes[offset])) after the document") }
    }

    /// Reads `"name": value` in the innermost object, whose name must be new there.
    private mutating func readMember() throws(Failure) {
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
        throw fail("expected a name in \(location)")
      }
      let name = try readString()
      // Hashing a name composes it, in time that grows with the square of a run of
      // combining marks: a longer run than anyone writes is rejected before.
      if OverlongCombiningRun.end(in: name.unicodeScalars) != nil {
        throw fail("a name holds more than \(OverlongCombiningRun.limit) combining marks in a row in \(location)")
      }
      guard case .object(var names, _) = frames[frames.count - 1] else { return }
      guard names.insert(name).inserted else {
        throw fail("duplicate name \"\(name.shownEscaped(limit: 80))\" in \(location)")
      }
      frames[frames.count - 1] = .object(names: names, current: name)
      skipWhiteSpace()
      guard try next() == UInt8(ascii: ":") else {
        throw fail("expected \":\" after \"\(name.shownEscaped(limit: 80))\" in \(location)")
      }
      skipWhiteSpace()
      try readValue()
    }

    /// Reads a scalar whole, or opens an object or array (and reads its first element).
    private mutating func readValue() throws(Failure) {
      let byte = try next()
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        guard frames.count < JSONNameCheck.depthLimit else {
          throw fail("nested deeper than \(JSONNameCheck.depthLimit) levels")
        }
        let isObject = byte == UInt8(ascii: "{")
        frames.append(isObject ? .object(names: [], current: nil) : .array(index: 0))
        skipWhiteSpace()
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if offset < bytes.count, bytes[offset] == close {
          offset += 1
          frames.removeLast()
        } else if isObject {
          try readMember()
        } else {
          try readValue()
        }
      case UInt8(ascii: "\""):
        offset -= 1
        _ = try readString()
      case UInt8(ascii: "t"): try expect("rue")
      case UInt8(ascii: "f"): try expect("alse")
      case UInt8(ascii: "n"): try expect("ull")
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        offset -= 1
        try readNumber()
      default:
        throw fail("unexpected \(describe(byte)) where a value was expected in \(location)")
      }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func readNumber() throws(Failure) {
      if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
      guard offset < bytes.count, bytes[offset].isDigit else { throw fail("a malformed number in \(location)") }
      if bytes[offset] == UInt8(ascii: "0") {
        offset += 1
      } else {
        skipDigits()
      }
      if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
        offset += 1
        guard offset < bytes.count, bytes[offset].isDigit else { throw fail("a malformed number in \(location)") }
        skipDigits()
      }
      if offset < bytes.count, bytes[offset] | 0x20 == UInt8(ascii: "e") {
        offset += 1
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
          offset += 1
        }
        guard offset < bytes.count, bytes[offset].isDigit else { throw fail("a malformed number in \(location)") }
        skipDigits()
      }
    }

    /// Reads a string from its opening quote and returns it decoded.
    private mutating func readString() throws(Failure) -> String {
      offset += 1
      var scalars = String.UnicodeScalarView()
      var runStart = offset
      func flushRun(to end: Int) throws(Failure) {
        // Raw UTF-8 must be valid: repairing it would give another reader's string.
        var decoder = UTF8()
        var iterator = bytes[runStart..<end].makeIterator()
        while true {
          switch decoder.decode(&iterator) {
          case .scalarValue(let scalar): scalars.append(scalar)
          case .emptyInput: return
          case .error: throw fail("invalid UTF-8 in a string in \(location)")
          }
        }
      }
      while true {
        guard offset < bytes.count else { throw fail("the document ends inside a string in \(location)") }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\"") {
          try flushRun(to: offset)
          offset += 1
          return String(scalars)
        }
        guard byte >= 0x20 else { throw fail("an unescaped control character in a string in \(location)") }
        guard byte == UInt8(ascii: "\\") else {
          offset += 1
          continue
        }
        try flushRun(to: offset)
        offset += 1
        let escape = try next()
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scalars.append(Unicode.Scalar(escape))
        case UInt8(ascii: "b"): scalars.append("\u{8}")
        case UInt8(ascii: "f"): scalars.append("\u{C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var value = try readHex4()
          if (0xD800..<0xDC00).contains(value) {
            guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
            else { throw fail("a lone surrogate escape in a string in \(location)") }
            offset += 2
            let low = try readHex4()
            guard (0xDC00..<0xE000).contains(low) else {
              throw fail("a lone surrogate escape in a string in \(location)")
            }
            value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(value) else {
            throw fail("a lone surrogate escape in a string in \(location)")
          }
          scalars.append(scalar)
        default:
          throw fail("an invalid escape \"\\\(describe(escape))\" in a string in \(location)")
        }
        runStart = offset
      }
    }

    private mutating func readHex4() throws(Failure) -> UInt32 {
      guard offset + 4 <= bytes.count else { throw fail("the document ends inside a string in \(location)") }
      var value: UInt32 = 0
      for _ in 0..<4 {
        guard let digit = bytes[offset].hexValue else { throw fail("an invalid \\u escape in a string in \(location)") }
        value = value << 4 | UInt32(digit)
        offset += 1
      }
      return value
    }

    private mutating func expect(_ rest: StaticString) throws(Failure) {
      let count = rest.utf8CodeUnitCount
      guard offset + count <= bytes.count,
        rest.withUTF8Buffer({ expected in zip(bytes[offset..<(offset + count)], expected).allSatisfy { $0 == $1 } })
      else { throw fail("an unknown literal in \(location)") }
      offset += count
    }

    private mutating func next() throws(Failure) -> UInt8 {
      guard offset < bytes.count else { throw fail("the document ends early, in \(location)") }
      offset += 1
      return bytes[offset - 1]
    }

    private mutating func skipDigits() {
      while offset < bytes.count, bytes[offset].isDigit { offset += 1 }
    }

    private mutating func skipWhiteSpace() {
      while offset < bytes.count {
        switch bytes[offset] {
        case 0x20, 0x09, 0x0A, 0x0D: offset += 1
        default: return
        }
      }
    }

    private func fail(_ reason: String) -> Failure { Failure(reason: reason) }

    private func describe(_ byte: UInt8) -> String {
      (0x21..<0x7F).contains(byte) ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte 0x\(String(byte, radix: 16))"
    }

    /// Where the reader is: `the top-level object`, or a path such as
    /// `the array at "meta"."tags"`, or `the object at "allow"[2]`.
    var location: String {
      var path = ""
      for frame in frames.dropLast() {
        switch frame {
        case .object(_, let current):
          path += (path.isEmpty ? "" : ".") + "\"\((current ?? "").shownEscaped(limit: 80))\""
        case .array(let index): path += "[\(index)]"
        }
      }
      guard let innermost = frames.last else { return "the document" }
      let kind = if case .object = innermost { "object" } else { "array" }
      return path.isEmpty ? "the top-level \(kind)" : "the \(kind) at \(path)"
    }
  }
}

extension UInt8 {
  fileprivate var isDigit: Bool { self >= UInt8(ascii: "0") && self <= UInt8(ascii: "9") }
}
