#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// Nanoseconds from the clock `ContinuousClock` reads, read as cheaply as the platform allows:
/// `CLOCK_MONOTONIC_RAW` on Apple platforms, `CLOCK_BOOTTIME` on Linux. Both go on while the
/// device sleeps, as the watchdog's `Task.sleep` (continuous time) does, so a handler's
/// deadline is read on the clock it is slept on: time asleep counts towards a handler's
/// timeout, as `URLPropagationOptions.clock` says. (The uptime clock this read before stopped
/// while the device slept, while the watchdog's sleep did not.)
enum MonotonicClock {
  @inline(__always)
  static func now() -> UInt64 {
    #if canImport(Darwin)
      return clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW)
    #elseif canImport(Glibc) || canImport(Musl)
      var time = timespec()
      clock_gettime(CLOCK_BOOTTIME, &time)
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
