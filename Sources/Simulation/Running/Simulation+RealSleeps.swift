/// Cancelled sleeps on the real clocks (`Task.sleep`, `ContinuousClock`).
///
/// The runtime arms such a sleep as a job of its own, enqueued with a delay; cancelling the sleeping
/// task resumes it at once with `CancellationError`, and that job, when its deadline comes, finds
/// nothing left to wake. The simulation cannot see into the job, but it sees the sleeping task run
/// again: a task suspended in a sleep runs before the sleep's deadline only when the sleep was
/// cancelled. Such a timer still fires (the runtime's job must run) but is no longer the stack's
/// work: ``Simulation/scheduledTimers`` and the abandoned-timer count leave it out, as they leave
/// out a cancelled `VirtualClock` sleep.
extension Simulation {
  /// Notes that `job` starts: a real-clock sleep its task armed, not yet due, was cancelled.
  @inline(__always)
  func noteTaskRuns(_ job: UnownedJob) {
    guard !armedRealSleeps.isEmpty, let sequence = armedRealSleeps.removeValue(forKey: runtimeTaskID(of: job)) else {
      return
    }
    wokenRealSleeps.insert(sequence)
  }

  /// Forgets a real-clock sleep whose timer fires now: its task runs next because it slept out.
  @inline(__always)
  func realSleepFires(_ timer: TimerEntry) {
    guard timer.sleepingTaskID != 0 else { return }
    if armedRealSleeps[timer.sleepingTaskID] == timer.sequence { armedRealSleeps[timer.sleepingTaskID] = nil }
    wokenRealSleeps.remove(timer.sequence)
  }

  /// Whether `timer` still stands for work of the stack: live, and not a cancelled real-clock sleep.
  func isPending(_ timer: TimerEntry) -> Bool {
    timer.isLive && !(timer.sleepingTaskID != 0 && wokenRealSleeps.contains(timer.sequence))
  }
}
