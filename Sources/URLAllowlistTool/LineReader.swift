import Foundation

/// One line of input, without its `\n` or `\r\n`.
struct InputLine: Equatable, Sendable {
  /// The line's text; a byte that is not UTF-8 reads as U+FFFD.
  let text: String
  /// Whether the line's bytes are UTF-8 as they stand. When they are not, `text` is a repair
  /// of them, and judging it would judge a URL the input does not hold.
  let isUTF8: Bool

  init(_ text: String, isUTF8: Bool = true) {
    self.text = text
    self.isUTF8 = isUTF8
  }

  /// Reads `bytes`, noting whether `String`'s decoding had to repair them.
  init(decoding bytes: ArraySlice<UInt8>) {
    let text = String(decoding: bytes, as: UTF8.self)
    self.init(text, isUTF8: text.utf8.elementsEqual(bytes))
  }
}

/// Standard input, line by line, read in large chunks: the lines `Swift.readLine` splits
/// (without their `\n` or `\r\n`), without a system call and a lock per line, and saying
/// which were not UTF-8 rather than repairing them silently.
final class LineReader {
  private let handle: FileHandle
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  private static let chunk = 1 << 16

  init(_ handle: FileHandle = .standardInput) { self.handle = handle }

  /// The next line, or `nil` at the end of the input.
  func next() -> InputLine? {
    while true {
      if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
        var end = newline
        if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        let line = InputLine(decoding: buffer[start..<end])
        start = newline + 1
        return line
      }
      if atEnd {
        guard start < buffer.count else { return nil }
        let line = InputLine(decoding: buffer[start...])
        start = buffer.count
        return line
      }
      // Keep only the unread part, then read more: memory stays at about one chunk plus the
      // longest line, whatever the input's size.
      buffer.removeSubrange(0..<start)
      start = 0
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
