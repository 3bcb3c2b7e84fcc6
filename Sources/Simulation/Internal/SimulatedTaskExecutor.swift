@_spi(ExperimentalScheduling) import _Concurrency

/// The task executor every simulated job runs on.
///
/// Running jobs with `runSynchronously(on:)` makes this the thread's task executor, so
/// `Task.currentSchedulingExecutor` finds it and every `Task.sleep` and `ContinuousClock` /
/// `SuspendingClock` sleep arrives in `enqueue(_:at:…)` as a virtual-time timer (on Swift 6.3
/// these sleeps no longer pass through the classic runtime hooks).
final class SimulatedTaskExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
  static let shared = SimulatedTaskExecutor()
  static let sharedRef = shared.asUnownedTaskExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    if let engine = Simulation.engineOnThisThread {
      engine.enqueueFromSimulationThread(.global(job))
    } else if let engine = Simulation.activeFromAnyThread {
      engine.acceptForeign(.global(job), kind: .foreignGlobalEnqueue)
    } else {
      globalConcurrentExecutor.enqueue(job)
    }
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C
  ) {
    let job = UnownedJob(job)
    guard let engine = Simulation.engineOnThisThread else {
      if let engine = Simulation.activeFromAnyThread {
        // Not expected (this executor is the task executor of the simulation thread only), but
        // the heap belongs to that thread: hand the job over as foreign work, due at once.
        engine.acceptForeign(.global(job), kind: .foreignTimedEnqueue)
        return
      }
      // No run: behave as the platform would, on the real clock.
      let nanoseconds = (delay as? Duration).map(\.nanosecondsClamped) ?? 0
      Task.detached {
        try? await Task.sleep(nanoseconds: UInt64(max(0, nanoseconds)))
        globalConcurrentExecutor.enqueue(job)
      }
      return
    }
    if let duration = delay as? Duration {
      if clock is VirtualClock {
        engine.scheduleExactSleep(job, delay: duration)
      } else {
        engine.scheduleRealClockSleep(job, delayNanoseconds: duration.nanosecondsClamped)
      }
    } else {
      engine.scheduleUnsupportedClockSleep(job, clockType: String(reflecting: C.self))
    }
  }

  func enqueue<C: Clock>(
    _ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C
  ) {
    enqueue(job, after: clock.now.duration(to: instant), tolerance: tolerance, clock: clock)
  }
}
