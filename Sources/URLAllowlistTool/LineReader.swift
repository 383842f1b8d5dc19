import Foundation

/// One line of input, without its `\n` or `\r\n`.
struct InputLine: Equatable, Sendable {
  /// The line's text; a byte that is not UTF-8 reads as U+FFFD. For a line longer than
  /// ``LineReader/maximumLineLength``, its first bytes only.
  let text: String
  /// Whether the line's bytes are UTF-8 as they stand. When they are not, `text` is a repair
  /// of them, and judging it would judge a URL the input does not hold.
  let isUTF8: Bool
  /// Whether the line was longer than ``LineReader/maximumLineLength``: it was not kept, and
  /// is refused unread.
  let isTooLong: Bool
  /// Where the line is in the input, counting from 1 (blank lines included); 0 when unknown.
  var number = 0

  init(_ text: String, isUTF8: Bool = true, isTooLong: Bool = false) {
    self.text = text
    self.isUTF8 = isUTF8
    self.isTooLong = isTooLong
  }

  /// Reads `bytes`, noting whether `String`'s decoding had to repair them.
  init(decoding bytes: ArraySlice<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    self.init(text, isUTF8: text.utf8.elementsEqual(bytes))
  }

  /// A line too long to keep, shown by its first bytes.
  static func tooLong(startingWith bytes: ArraySlice<UInt8>) -> InputLine {
    InputLine(
      String(decoding: bytes.prefix(LineReader.shownPrefix), as: UTF8.self) + "…", isUTF8: false, isTooLong: true)
  }
}

/// Standard input, line by line, read in large chunks: the lines `Swift.readLine` splits
/// (without their `\n` or `\r\n`), without a system call and a lock per line, and saying
/// which were not UTF-8 rather than repairing them silently.
///
/// Each byte is looked at once (the search for a newline resumes where the last one
/// stopped), so time is linear in the input, and memory stays at about one chunk plus one
/// line of at most ``maximumLineLength`` bytes: a longer line is skipped to its end as it
/// is read, never held, and reported as too long.
final class LineReader {
  /// The longest line kept: 2 MiB, the longest URL browsers open (Chrome's limit).
  static let maximumLineLength = 2 << 20
  /// How many bytes of a line too long to keep are shown.
  static let shownPrefix = 64

  private let handle: FileHandle
  private let limit: Int
  private var buffer: [UInt8] = []
  private var start = 0
  /// Where the search for the next newline resumes: every byte before it, from `start`, is
  /// known not to be one.
  private var scanned = 0
  /// The first bytes of a line too long to keep, while the rest of it is being skipped.
  private var skipping: ArraySlice<UInt8>?
  private var atEnd = false
  private static let chunk = 1 << 16

  init(_ handle: FileHandle = .standardInput, maximumLineLength: Int = LineReader.maximumLineLength) {
    self.handle = handle
    self.limit = maximumLineLength
  }

  /// The next line, or `nil` at the end of the input.
  func next() -> InputLine? {
    while true {
      if let newline = buffer[scanned...].firstIndex(of: UInt8(ascii: "\n")) {
        defer {
          start = newline + 1
          scanned = start
        }
        if let skipped = skipping {
          skipping = nil
          return .tooLong(startingWith: skipped)
        }
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        guard end - start <= limit else { return .tooLong(startingWith: buffer[start..<end]) }
        return InputLine(decoding: buffer[start..<end])
      }
      scanned = buffer.count
      if atEnd {
        if let skipped = skipping {
          skipping = nil
          start = buffer.count
          return .tooLong(startingWith: skipped)
        }
        guard start < buffer.count else { return nil }
        defer { start = buffer.count }
        guard buffer.count - start <= limit else { return .tooLong(startingWith: buffer[start...]) }
        return InputLine(decoding: buffer[start...])
      }
      if skipping == nil, buffer.count - start > limit {
        skipping = ArraySlice(buffer[start..<min(start + Self.shownPrefix, buffer.count)])
      }
      // Keep only the unread part (nothing of a line being skipped), then read more.
      buffer.removeSubrange(0..<(skipping == nil ? start : buffer.count))
      start = 0
      scanned = buffer.count
      let data = (try? handle.read(upToCount: Self.chunk)) ?? nil
      if let data, !data.isEmpty { buffer.append(contentsOf: data) } else { atEnd = true }
    }
  }
}

/// Standard output, written in large blocks: lines are gathered and written 64 KB at a time
/// (and whatever is left by ``flush()``), instead of one locked `print` per line.
final class BufferedOutput: @unchecked Sendable {
  // `@unchecked`: `bytes` is only touched under `lock`; the remote client's log lines come
  // from its own executor while `check` prints.
  private let lock = NSLock()
  private let handle: FileHandle
  private var bytes: [UInt8] = []
  private static let block = 1 << 16

  init(_ handle: FileHandle = .standardOutput) {
    self.handle = handle
    bytes.reserveCapacity(Self.block + 4096)
  }

  /// Adds `line` and a newline; writes the block out once it is full.
  func write(_ line: String) {
    lock.withLock {
      bytes.append(contentsOf: line.utf8)
      bytes.append(UInt8(ascii: "\n"))
      if bytes.count >= Self.block { writeOut() }
    }
  }

  /// Writes out everything gathered so far.
  func flush() { lock.withLock { writeOut() } }

  private func writeOut() {
    guard !bytes.isEmpty else { return }
    handle.write(Data(bytes))
    bytes.removeAll(keepingCapacity: true)
  }
}
