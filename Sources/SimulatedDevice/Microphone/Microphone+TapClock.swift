import Simulation

// The tap clock: when the hardware calls back, with how many frames, and the task that calls it.
extension Microphone {
  /// Frames per callback now: the next scheduled entry's with a tap schedule, else the regular
  /// cadence's. A route change scales the regular one with the rate, so a callback keeps its duration.
  public var tapFrames: Int { withState { $0.tapClock.nextFrames(configuration.tapSchedule) } }

  /// The virtual time until the next callback: ``tapFrames`` / sample rate, or for a scheduled
  /// entry its frames' duration plus the frames the device skipped before it (a sample-time jump
  /// within one run).
  public var callbackInterval: Duration {
    withState { state in
      let seconds = state.tapClock.interval(
        configuration.tapSchedule, sampleRate: state.route.hardwareFormat.sampleRate)
      return .nanoseconds(Int64((seconds * 1e9).rounded()))
    }
  }

  /// Whether the microphone follows an explicit tap schedule that still has entries.
  public var isFollowingSchedule: Bool { withState { $0.tapClock.nextScheduled(configuration.tapSchedule) != nil } }

  /// Frames captured since the device started, in hardware frames (the capture position).
  public var framesDelivered: Int { withState { $0.tapClock.framesDelivered } }

  /// With a tap schedule whose next entry is in another hardware format than now, changes the
  /// route to it (as ``changeRoute(sampleRate:channelCount:sampleType:)`` does: observers are told,
  /// a running engine stops) and returns true; otherwise does nothing and returns false. The engine
  /// twin calls it before each capture, so a capture's format changes replay where they happened.
  /// - Throws: ``MicrophoneError`` for an entry no hardware has.
  @discardableResult
  public func applyScheduledRouteChange() throws -> Bool {
    let next = withState { state -> TapScheduleEntry? in
      let format = state.route.hardwareFormat
      guard let next = state.tapClock.nextScheduled(configuration.tapSchedule),
        next.sampleRate != format.sampleRate || next.channelCount != format.channelCount
      else { return nil }
      return next
    }
    guard let next else { return false }
    try changeRoute(sampleRate: next.sampleRate, channelCount: next.channelCount)
    return true
  }

  /// A seeded random delay in `0...jitter` for the next callback, from the simulation's
  /// `"microphone jitter"` stream; zero without jitter or outside a simulation.
  public func nextJitter() -> Duration {
    let limit = configuration.jitter.components
    let nanoseconds = limit.seconds * 1_000_000_000 + limit.attoseconds / 1_000_000_000
    guard nanoseconds > 0, let simulation = Simulation.current else { return .zero }
    var random = simulation.random(for: "microphone jitter")
    return .nanoseconds(Int64.random(in: 0...nanoseconds, using: &random))
  }

  /// Starts the task that calls the hardware back: `deliver` once per ``callbackInterval`` of
  /// virtual time on a nominal schedule (``nextJitter()`` delays a callback but does not shift the
  /// next ones), until `deliver` returns false or the task is cancelled. The engine's input and
  /// the recorder each run one.
  /// - Parameters:
  ///   - name: The task's name in the simulation.
  ///   - deliver: Captures one buffer and hands it on; false when the run it belongs to has ended.
  /// - Returns: The task (a simulation task inside a simulation).
  public func startTapClock(named name: String, deliver: @escaping @Sendable () -> Bool) -> Task<Void, Never> {
    let loop: @Sendable () async -> Void = { [self] in
      let clock = VirtualClock(owner: "microphone")
      var nominal = clock.now
      while !Task.isCancelled {
        nominal = nominal.advanced(by: callbackInterval)
        do {
          try await clock.sleep(until: nominal.advanced(by: nextJitter()))
        } catch {
          return
        }
        guard deliver() else { return }
      }
    }
    if let simulation = Simulation.current { return simulation.task(name, operation: loop) }
    return Task(operation: loop)
  }
}
