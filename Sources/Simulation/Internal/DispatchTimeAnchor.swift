/// The real `DispatchTime.now()` read last on the simulation's thread in a run, and the virtual
/// instant it was read at: a `DispatchTime` deadline built from that reading (`.now() + 2`) is placed
/// in virtual time exactly, however much real time passed before it reached `asyncAfter` (a loaded
/// machine preempts the thread) and however much virtual time passed while it was kept.
struct DispatchTimeAnchor {
  /// libdispatch's value of "now" (the uptime clock, nanoseconds).
  let realNanoseconds: UInt64
  /// The run's virtual time when it was read.
  let virtualNanoseconds: Int64

  /// The uptime clock's flag bits: a deadline with either set is on another clock (the wall clock,
  /// whose deadlines are negative, or the monotonic clock) and cannot be related to this reading.
  private static let otherClockBits: UInt64 = (1 << 63) | (1 << 62)

  /// Nanoseconds of virtual time from `now` until `deadline` (at least 0), or nil when the deadline is
  /// not on the clock of the reading.
  func virtualDelay(until deadline: UInt64, now: Int64) -> Int64? {
    guard deadline & Self.otherClockBits == 0 else { return nil }
    // Both values are below 2^62, so the difference fits (negative: a deadline before the reading).
    let offset = Int64(bitPattern: deadline &- realNanoseconds)
    let (instant, overflow) = virtualNanoseconds.addingReportingOverflow(offset)
    return overflow ? Int64.max : max(0, instant - now)
  }
}
