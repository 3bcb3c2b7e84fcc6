internal import CDispatchCapture
internal import Foundation

/// Foundation timers on the main run loop in virtual time. `Timer.scheduledTimer` and
/// `RunLoop.main.add(_:forMode:)` reach `CFRunLoopAddTimer`, which `CDispatchCapture` interposes; on
/// swift-corelibs-foundation the CF timer's context `info` is its `Timer` (unretained), which the
/// simulation keeps until the timer is invalidated and fires with `Timer.fire()` as main-actor work.
enum RunLoopTimerCapture {
  /// The call a taken timer's firings are recorded under (`dispatch.block`, field `call`).
  static let callName = "Timer.scheduledTimer"
}

/// The `CFRunLoopAddTimer` hook: 1 when the simulation took the timer (it fires in virtual time).
let runLoopTimerHook: speech_replay_run_loop_timer_hook = { info, runLoopKind in
  guard let engine = Simulation.engineOnThisThread, let info else { return 0 }
  return engine.takeRunLoopTimer(info, runLoopKind: runLoopKind) ? 1 : 0
}

extension Simulation {
  /// A Foundation `Timer` added to a run loop from the simulation's thread: taken when it goes to
  /// the main run loop, or to this thread's own while main-actor code runs (the simulation thread
  /// stands for the main thread, so `Timer.scheduledTimer` in main-actor code lands there). Timers
  /// on another run loop, or scheduled from code that is off the main thread on a device, are not
  /// taken (an escape: no run loop runs them).
  fileprivate func takeRunLoopTimer(_ info: UnsafeMutableRawPointer, runLoopKind: Int32) -> Bool {
    let onMainActor = runningMainActorJob && offMainActorContext == nil
    guard runLoopKind == 1 || (runLoopKind == 2 && onMainActor) else { return false }
    let timer = Unmanaged<Timer>.fromOpaque(info).takeUnretainedValue()
    // The fire date was read from the real clock a moment ago: what is left of it is the delay.
    armRunLoopTimer(timer, delayNanoseconds: Self.nanoseconds(timer.fireDate.timeIntervalSinceNow))
    return true
  }

  /// Arms the next firing of `timer`, kept (retained) until it fires or is found invalidated.
  func armRunLoopTimer(_ timer: Timer, delayNanoseconds: Int64) {
    let firing = DispatchBlock(call: RunLoopTimerCapture.callName, isLive: { timer.isValid }) {
      Simulation.current?.fireRunLoopTimer(timer)
    }
    scheduleMainBlock(firing, delayNanoseconds: delayNanoseconds)
  }

  /// Fires a taken timer as Foundation's run loop does: nothing when it was invalidated; otherwise
  /// `fire()` (which invalidates a non-repeating timer after its block) and, while a repeating one
  /// stays valid, the next firing one `timeInterval` later. Tolerance is ignored.
  private func fireRunLoopTimer(_ timer: Timer) {
    guard timer.isValid else { return }
    timer.fire()
    let interval = timer.timeInterval
    if interval > 0, timer.isValid { armRunLoopTimer(timer, delayNanoseconds: Self.nanoseconds(interval)) }
  }

  /// Whole nanoseconds of a non-negative time interval in seconds (negative ones count as zero).
  private static func nanoseconds(_ seconds: TimeInterval) -> Int64 {
    guard seconds > 0 else { return 0 }
    return seconds >= 9e9 ? Int64.max / 2 : Int64((seconds * 1e9).rounded(.up))
  }
}
