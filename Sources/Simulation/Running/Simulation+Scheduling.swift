internal import Synchronization

/// How work reaches the loop: called by the runtime hooks, the executors and `VirtualClock`.
extension Simulation {
  @inline(__always)
  func enqueueFromSimulationThread(_ job: Job) {
    switch job {
    case .global(let unowned), .main(let unowned):
      knownTasks.insert(runtimeTaskID(of: unowned))
    }
    ready.append(job)
  }

  /// Captures a job enqueued on another thread when it belongs to a task of this run.
  /// - Returns: Whether the job was taken (false: unrelated work of the host process).
  func claimForeignJob(_ job: UnownedJob, kind: Escape.Kind) -> Bool {
    guard knownTasks.contains(runtimeTaskID(of: job)) else { return false }
    inbox.post(.global(job), kind: kind)
    return true
  }

  /// Takes work that reached the run's own executors from another thread.
  func acceptForeign(_ job: Job, kind: Escape.Kind) {
    inbox.post(job, kind: kind)
  }

  private func arm(
    _ action: TimerEntry.Action, at deadline: Int64, owner: String? = nil, origin: TimerOrigin? = nil,
    sleepingTaskID: UInt64 = 0
  ) {
    timerSequence += 1
    timers.insert(
      TimerEntry(
        deadline: max(deadline, nowValue), sequence: timerSequence, action: action, armedAt: nowValue, owner: owner,
        origin: origin, sleepingTaskID: sleepingTaskID))
  }

  /// A sleep on a real clock: its delay carries real-time jitter, so round it to the quantum.
  ///
  /// The runtime computes the deadline from the real clock a little before it reaches us, so the
  /// delay we measure is the intended one minus a few microseconds (more when the thread was
  /// preempted). Rounding *up* gives back the intended whole-quantum delay for any jitter below one
  /// quantum, twice the margin of rounding to nearest, and a sleep never ends earlier than asked.
  func scheduleRealClockSleep(_ job: UnownedJob, delayNanoseconds: Int64) {
    let quantum = quantumNanoseconds
    let delay = max(0, delayNanoseconds)
    let rounded = (delay / quantum + (delay % quantum == 0 ? 0 : 1)) * quantum
    counts.realClockSleeps += 1
    // A seeded schedule may wake the sleeper a little late, as a loaded device does (never early).
    let late = scheduleDraw?.wakeUpDelay() ?? 0
    // The sleeping task is the one running now (the job the runtime hands over need not carry its id).
    let taskID = currentTaskID()
    arm(
      .job(job), at: nowValue &+ rounded &+ late,
      origin: timerOrigin(.realClockSleep, taskID: taskID == 0 ? runtimeTaskID(of: job) : taskID),
      sleepingTaskID: taskID)
    if taskID != 0 { armedRealSleeps[taskID] = timerSequence }
  }

  /// A `DispatchQueue.main.asyncAfter` block: its deadline was read from the real clock, so it is
  /// rounded up to the quantum like a real-clock sleep (and may come late under a seeded schedule).
  func scheduleMainBlock(_ block: DispatchBlock, delayNanoseconds delay: Int64) {
    let quantum = quantumNanoseconds
    let rounded = (delay / quantum + (delay % quantum == 0 ? 0 : 1)) * quantum
    let late = scheduleDraw?.wakeUpDelay() ?? 0
    var block = block
    block.origin = mainBlockOrigin()
    arm(.mainBlock(block), at: nowValue &+ rounded &+ late, origin: block.origin)
  }

  /// A sleep on `VirtualClock` that reached the executor (exact).
  func scheduleExactSleep(_ job: UnownedJob, delay: Duration) {
    counts.virtualClockSleeps += 1
    arm(
      .job(job), at: nowValue &+ max(0, delay.nanosecondsClamped),
      origin: timerOrigin(.virtualClockSleep, taskID: runtimeTaskID(of: job)))
  }

  /// A sleep on a clock this module cannot place in virtual time: fires at once, counted as an escape.
  func scheduleUnsupportedClockSleep(_ job: UnownedJob, clockType: String) {
    inbox.post(nil, kind: .unsupportedClock)
    trace.record(.diagnostic, ["message": "sleep on unsupported clock \(clockType) fired at once"])
    arm(.job(job), at: nowValue, origin: timerOrigin(.otherClockSleep, taskID: runtimeTaskID(of: job)))
  }

  /// Arms a `VirtualClock` sleep of the current task; `owner` is the clock's (nil: the stack's).
  func armVirtualSleep(_ sleep: VirtualSleep, until deadline: Duration, owner: String?) {
    counts.virtualClockSleeps += 1
    let origin = owner == nil ? timerOrigin(.virtualClockSleep, taskID: currentTaskID()) : nil
    arm(.sleeper(sleep), at: deadline.nanosecondsClamped, owner: owner, origin: origin)
  }
}

/// The runtime's unique id of the task behind a job (0 for jobs that are not tasks).
@_silgen_name("swift_task_getJobTaskId")
func runtimeTaskID(of job: UnownedJob) -> UInt64
