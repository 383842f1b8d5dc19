import Foundation

extension Array where Element: Sendable {
  /// `map(transform)` on every core: the array is cut into one contiguous chunk per core,
  /// each chunk is mapped on its own thread, and the results come back in order.
  func parallelMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
    let chunks = Swift.min(ProcessInfo.processInfo.activeProcessorCount, Swift.max(1, count / 256))
    guard chunks > 1 else { return map(transform) }
    let parts = ChunkResults<T>(count: chunks)
    let size = (count + chunks - 1) / chunks
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      let start = chunk * size
      let part = self[start..<Swift.min(start + size, count)].map(transform)
      parts.store(part, at: chunk)
    }
    return parts.joined()
  }
}

/// Each chunk's results, stored once per chunk under a lock.
private final class ChunkResults<T: Sendable>: @unchecked Sendable {
  // `@unchecked`: `parts` is only read or written under `lock`.
  private let lock = NSLock()
  private var parts: [[T]]

  init(count: Int) { parts = Array(repeating: [], count: count) }

  func store(_ part: [T], at index: Int) { lock.withLock { parts[index] = part } }

  func joined() -> [T] { lock.withLock { parts.flatMap { $0 } } }
}
