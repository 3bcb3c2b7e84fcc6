/// Where a timer that names no owner came from (the stack's timers): kept beside its heap entry so
/// a check at rest can name it. Twins' and the harness's timers carry only their owner's name.
final class TimerOrigin: Sendable {
  let kind: Simulation.ScheduledTimer.Kind
  let taskName: String?
  let armedAt: Int64
  let earlierTimers: Int
  let firstArmedAt: Int64

  init(kind: Simulation.ScheduledTimer.Kind, taskName: String?, armedAt: Int64, earlierTimers: Int, firstArmedAt: Int64)
  {
    self.kind = kind
    self.taskName = taskName
    self.armedAt = armedAt
    self.earlierTimers = earlierTimers
    self.firstArmedAt = firstArmedAt
  }
}
