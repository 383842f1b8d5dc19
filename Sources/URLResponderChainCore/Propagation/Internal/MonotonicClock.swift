#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Nanoseconds from a monotonic clock, read as cheaply as the platform allows.
///
/// The walk reads the clock once per handler. `ContinuousClock.now` costs several times
/// a raw `clock_gettime` on Linux, which would dominate a hop.
enum MonotonicClock {
  @inline(__always)
  static func now() -> UInt64 {
    #if canImport(Darwin)
      return clock_gettime_nsec_np(CLOCK_UPTIME_RAW)
    #elseif canImport(Glibc) || canImport(Musl)
      var time = timespec()
      clock_gettime(CLOCK_MONOTONIC, &time)
      return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    #else
      let (seconds, attoseconds) = (ContinuousClock.now - start).components
      return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    #endif
  }

  #if !canImport(Darwin) && !canImport(Glibc) && !canImport(Musl)
    private static let start = ContinuousClock.now
  #endif
}
