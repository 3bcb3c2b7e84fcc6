#if canImport(Glibc)
  internal import Glibc
#endif

/// What a main-actor job cost the thread that ran it, robust to a loaded machine.
///
/// Wall time alone counts the time the scheduler gave the CPU to other processes: on a machine
/// busy with builds, a 1 ms job can measure 50 ms and trip a tight main-actor hang bound. On Linux
/// a job that never gave up the CPU itself (no voluntary context switch: no sleep, lock wait or
/// blocking I/O) is charged its thread CPU time, which the scheduler's choices do not inflate; a job
/// that blocked is charged its wall time, since blocking the main actor is a hang on a device
/// however little CPU it uses. Elsewhere wall time is used.
struct ThreadClock {
  /// A reading at one instant.
  struct Reading {
    var wall: ContinuousClock.Instant
    /// CPU time of the calling thread, when the platform gives it.
    var cpu: Duration?
    /// Voluntary context switches of the calling thread so far, when the platform gives them.
    var voluntarySwitches: Int?
  }

  /// A reading of the calling thread now.
  static func now() -> Reading {
    #if canImport(Glibc)
      var time = timespec()
      var usage = rusage()
      // RUSAGE_THREAD (1) is not imported by name.
      guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0, getrusage(__rusage_who_t(1), &usage) == 0 else {
        return Reading(wall: .now)
      }
      return Reading(
        wall: .now, cpu: .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec), voluntarySwitches: usage.ru_nvcsw)
    #else
      return Reading(wall: .now)
    #endif
  }

  /// The time a job held the thread between two readings, less `excluded` (harness work inside it).
  static func held(from start: Reading, to end: Reading, excluding excluded: Duration) -> Duration {
    let wall = start.wall.duration(to: end.wall)
    guard let startCPU = start.cpu, let endCPU = end.cpu, let before = start.voluntarySwitches,
      let after = end.voluntarySwitches, after == before
    else { return wall - excluded }
    return max(.zero, min(wall, endCPU - startCPU) - excluded)
  }
}
