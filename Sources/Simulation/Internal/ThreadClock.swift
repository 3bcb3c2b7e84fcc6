#if canImport(Glibc)
  internal import Glibc
#endif

/// What a main-actor job cost the thread that ran it, robust to a loaded machine.
///
/// Wall time alone counts the time the scheduler gave the CPU to other processes: on a machine
/// busy with builds, a 1 ms job can measure 50 ms and trip a tight main-actor hang bound. On Linux a
/// job is charged its wall time less the time its thread spent runnable but waiting for a CPU (the
/// kernel's per-thread run-queue delay, `/proc/thread-self/schedstat`, exact once the thread runs
/// again): its CPU time, plus any time it blocked (a sleep, a lock or semaphore wait, blocking I/O),
/// since blocking the main actor is a hang on a device however little CPU it uses, while the queue
/// for a CPU behind other processes is this machine's, not the stack's. Where the kernel keeps no
/// such statistics, a job that never gave up the CPU itself (no voluntary context switch) is charged
/// its thread CPU time and one that blocked its whole wall time (before, that was the rule
/// everywhere, and a short session's first job, blocked on a page fault or a briefly contended lock,
/// measured 48–118 ms on a loaded machine). Elsewhere wall time is used.
struct ThreadClock {
  /// A reading at one instant.
  struct Reading {
    var wall: ContinuousClock.Instant
    /// CPU time of the calling thread, when the platform gives it.
    var cpu: Duration?
    /// Voluntary context switches of the calling thread so far, when the platform gives them.
    var voluntarySwitches: Int?
    /// The time the calling thread has spent runnable but waiting for a CPU, when the kernel keeps it.
    var runQueueDelay: Duration? = nil
  }

  /// How old a reading of the run-queue delay may be to stand in for one at the start of a job
  /// (`Simulation.mainJobStartReading`): the most a job's measured cost can fall short of its own.
  static let reuseWithin: Duration = .milliseconds(1)

  /// A reading of the calling thread now.
  static func now() -> Reading {
    #if canImport(Glibc)
      // One read when the kernel keeps the run-queue delay; the CPU clock and context switches otherwise.
      if let waited = SchedulerStatistics.runQueueDelay() { return Reading(wall: .now, runQueueDelay: waited) }
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
    if let waitedBefore = start.runQueueDelay, let waitedAfter = end.runQueueDelay {
      return max(.zero, wall - max(.zero, waitedAfter - waitedBefore) - excluded)
    }
    guard let startCPU = start.cpu, let endCPU = end.cpu, let before = start.voluntarySwitches,
      let after = end.voluntarySwitches, after == before
    else { return wall - excluded }
    return max(.zero, min(wall, endCPU - startCPU) - excluded)
  }
}
