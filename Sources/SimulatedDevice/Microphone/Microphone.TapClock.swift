extension Microphone {
  /// The tap's cadence: frames per callback at the regular cadence, the explicit tap schedule's
  /// position, and the capture position. The task that calls the tap on this cadence is
  /// ``Microphone/startTapClock(named:deliver:)``.
  struct TapClock {
    /// Frames per callback at the regular cadence (scaled with the rate by a route change).
    var tapFrames: Int
    /// Frames captured since the device started, in hardware frames.
    var framesDelivered = 0
    /// The next entry of the explicit tap schedule, and the last entry delivered.
    var scheduleIndex = 0
    var lastScheduled: TapScheduleEntry?

    /// The scheduled entry the next capture delivers, or nil for the regular cadence.
    func nextScheduled(_ schedule: [TapScheduleEntry]) -> TapScheduleEntry? {
      schedule.indices.contains(scheduleIndex) ? schedule[scheduleIndex] : nil
    }

    /// Frames of the next capture: the scheduled entry's, else ``tapFrames``.
    func nextFrames(_ schedule: [TapScheduleEntry]) -> Int {
      nextScheduled(schedule).map { max(0, $0.frames) } ?? tapFrames
    }

    /// Seconds until the next callback at `sampleRate` (the hardware's now): ``tapFrames`` of it,
    /// or for a scheduled entry its frames' duration plus the frames the device skipped before it.
    func interval(_ schedule: [TapScheduleEntry], sampleRate: Double) -> Double {
      guard let next = nextScheduled(schedule) else { return Double(tapFrames) / sampleRate }
      var seconds = next.duration
      if let last = lastScheduled, let before = last.sampleTime, let now = next.sampleTime,
        last.sampleRate == next.sampleRate,
        now > before + Int64(last.frames), next.sampleRate > 0
      {
        seconds += Double(now - before - Int64(last.frames)) / next.sampleRate
      }
      return seconds
    }

    /// Moves on by one capture and returns its frames.
    mutating func advance(_ schedule: [TapScheduleEntry]) -> Int {
      let frames = nextFrames(schedule)
      if let scheduled = nextScheduled(schedule) {
        scheduleIndex += 1
        lastScheduled = scheduled
      }
      framesDelivered += frames
      return frames
    }
  }
}
