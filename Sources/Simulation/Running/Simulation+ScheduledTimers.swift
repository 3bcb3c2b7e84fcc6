extension Simulation {
  /// The timers still armed now (cancelled sleeps excluded), in the order they are due.
  ///
  /// Read it from the run's own code (its thread): elsewhere, and outside a run, it is empty.
  /// The scenario runner reads it once a run is at rest, to name the timers a stack left behind.
  public var scheduledTimers: [ScheduledTimer] {
    guard Simulation.engineOnThisThread === self else { return [] }
    return liveTimers()
  }

  /// The live timers in due order, on the simulation's thread.
  func liveTimers() -> [ScheduledTimer] {
    timers.unordered.filter(isPending).sorted().map { entry in
      ScheduledTimer(
        kind: entry.origin?.kind ?? (entry.isSleeper ? .virtualClockSleep : .realClockSleep), owner: entry.owner,
        taskName: entry.origin?.taskName, armedAt: .nanoseconds(entry.armedAt), deadline: .nanoseconds(entry.deadline),
        earlierTimers: entry.origin?.earlierTimers ?? 0,
        firstArmedAt: entry.origin.map { .nanoseconds($0.firstArmedAt) },
        sequence: entry.sequence)
    }
  }

  /// Where a timer armed by the task `taskID` (0: no task) comes from, counting it in that task's history.
  func timerOrigin(_ kind: ScheduledTimer.Kind, taskID: UInt64) -> TimerOrigin {
    let earlier = taskID == 0 ? nil : timerHistory[taskID]
    if taskID != 0 {
      timerHistory[taskID] = TimerHistory(count: (earlier?.count ?? 0) + 1, first: earlier?.first ?? nowValue)
    }
    return TimerOrigin(
      kind: kind, taskName: Task.name, armedAt: nowValue, earlierTimers: earlier?.count ?? 0,
      firstArmedAt: earlier?.first ?? nowValue)
  }

  /// Where a `DispatchQueue.main.asyncAfter` block comes from: a block armed while another one that
  /// fired runs continues that block's chain (a repeating timer made of one-shot blocks).
  func mainBlockOrigin() -> TimerOrigin {
    let parent = firingTimerBlock
    return TimerOrigin(
      kind: .mainQueueBlock, taskName: Task.name, armedAt: nowValue,
      earlierTimers: parent.map { $0.earlierTimers + 1 } ?? 0, firstArmedAt: parent?.firstArmedAt ?? nowValue)
  }

  /// The runtime id of the task running now (0 outside a task).
  func currentTaskID() -> UInt64 {
    // A task is a job to the runtime: the current task's pointer is the job's.
    withUnsafeCurrentTask { task in task.map { runtimeTaskID(of: unsafeBitCast($0, to: UnownedJob.self)) } ?? 0 }
  }
}

/// How many timers one task armed, and when its first one.
struct TimerHistory {
  var count: Int
  var first: Int64
}
