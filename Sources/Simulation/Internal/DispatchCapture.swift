internal import CDispatchCapture

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The bridge from the interposed `dispatch_async`, `dispatch_after`, `dispatch_sync` and
/// `dispatch_time` (the C target `CDispatchCapture`) to the running simulation: blocks sent to
/// `DispatchQueue.main` from the simulation's thread become main-actor work in virtual time (at the
/// virtual instant a `DispatchTime.now()` deadline names, `DispatchTimeAnchor`), and so do Foundation timers added
/// to the main run loop (`RunLoopTimerCapture`); blocks sent to a global queue, and timers on other
/// run loops, are counted as an escape and go on as before. Calls from any other thread, and every
/// call outside a run, go on to libdispatch unchanged.
enum DispatchCapture {
  /// Sets the process-wide hook once; it stays set (it does nothing outside a run).
  static let installed: Void = {
    speech_replay_set_dispatch_hook(dispatchHook)
    speech_replay_set_dispatch_now_hook(dispatchNowHook)
    speech_replay_set_run_loop_timer_hook(runLoopTimerHook)
    speech_replay_set_main_thread_hook(mainThreadHook)
  }()

  /// The Dispatch call a block came from, as an app writes it (trace events and messages).
  static func callName(_ call: speech_replay_dispatch_call) -> String {
    switch call {
    case SPEECH_REPLAY_DISPATCH_MAIN_ASYNC: "DispatchQueue.main.async"
    case SPEECH_REPLAY_DISPATCH_MAIN_AFTER: "DispatchQueue.main.asyncAfter"
    case SPEECH_REPLAY_DISPATCH_MAIN_SYNC: "DispatchQueue.main.sync"
    case SPEECH_REPLAY_DISPATCH_GLOBAL_ASYNC: "DispatchQueue.global().async"
    case SPEECH_REPLAY_RUN_LOOP_TIMER: "Timer.scheduledTimer / RunLoop.add(_:forMode:)"
    default: "DispatchQueue.global().asyncAfter"
    }
  }
}

/// A block the simulation keeps until it runs it, moved between tasks: a Dispatch block, or the
/// firing of a Foundation `Timer` taken from the main run loop.
struct DispatchBlock: @unchecked Sendable {
  /// The kept Dispatch block; nil for a timer firing.
  let pointer: UnsafeMutableRawPointer?
  let call: String
  /// Where a `DispatchQueue.main.asyncAfter` block came from; nil for other blocks.
  var origin: TimerOrigin? = nil
  /// What a timer firing does, and whether it still does something (the timer is valid).
  private var firing: (run: () -> Void, isLive: () -> Bool)? = nil

  init(pointer: UnsafeMutableRawPointer, call: String) {
    self.pointer = pointer
    self.call = call
  }

  init(call: String, isLive: @escaping () -> Bool, run: @escaping () -> Void) {
    self.pointer = nil
    self.call = call
    self.firing = (run, isLive)
  }

  /// Whether running it still does something (false for an invalidated timer: dropped unrun).
  var isLive: Bool { firing?.isLive() ?? true }

  /// Calls the block once and releases it.
  func runAndRelease() {
    if let pointer { speech_replay_block_run_and_release(pointer) } else { firing?.run() }
  }

  /// Releases a block that will never run (its run ended first).
  func release() { if let pointer { speech_replay_block_release(pointer) } }
}

/// The simulation's thread is the main thread for Foundation while it runs main-actor work (as the main
/// actor runs on the main thread on a device) and while a twin posts a system notification
/// (``Simulation/postAsTheSystem(_:)``).
private let mainThreadHook: speech_replay_main_thread_hook = {
  guard let engine = Simulation.engineOnThisThread else { return 0 }
  return engine.systemPostDepth > 0 || (engine.runningMainActorJob && engine.offMainActorContext == nil) ? 1 : 0
}

/// `DispatchTime.now()` on the simulation's thread: the run keeps the reading with its virtual instant.
private let dispatchNowHook: speech_replay_dispatch_now_hook = { realNow in
  guard let engine = Simulation.engineOnThisThread else { return }
  engine.dispatchTimeAnchor = DispatchTimeAnchor(realNanoseconds: realNow, virtualNanoseconds: engine.nowValue)
}

private let dispatchHook: speech_replay_dispatch_hook = { block, delay, when, call in
  guard let engine = Simulation.engineOnThisThread else { return 0 }
  guard let block else {
    if call == SPEECH_REPLAY_RUN_LOOP_TIMER { engine.reportRunLoopTimer() }
    return 0
  }
  return engine.takeDispatchCall(block, delay: delay, deadline: when, call: call) ? 1 : 0
}

extension Simulation {
  /// A Dispatch call made on the simulation's thread: whether the simulation took the block.
  fileprivate func takeDispatchCall(
    _ block: UnsafeMutableRawPointer, delay: Int64, deadline: UInt64, call: speech_replay_dispatch_call
  ) -> Bool {
    let name = DispatchCapture.callName(call)
    switch call {
    case SPEECH_REPLAY_DISPATCH_MAIN_ASYNC:
      enqueueMainBlock(DispatchBlock(pointer: speech_replay_block_copy(block), call: name))
      return true
    case SPEECH_REPLAY_DISPATCH_MAIN_AFTER:
      // DISPATCH_TIME_FOREVER: the block never runs, as on a device.
      guard delay >= 0 else { return true }
      // Placed from the run's last `DispatchTime.now()` when there is one (exact under load); else the
      // delay measured on the real clock at the call.
      let exact = dispatchTimeAnchor?.virtualDelay(until: deadline, now: nowValue)
      scheduleMainBlock(
        DispatchBlock(pointer: speech_replay_block_copy(block), call: name), delayNanoseconds: exact ?? delay)
      return true
    case SPEECH_REPLAY_DISPATCH_MAIN_SYNC:
      runMainBlockInline(block, call: name)
      return true
    default:
      inbox.post(nil, kind: .dispatchGlobalQueue)
      trace.record(.diagnostic, ["message": "\(name) ran its block on a real thread, outside virtual time"])
      return false
    }
  }

  /// A Foundation `Timer` was scheduled from the run on a run loop the simulation does not take (not
  /// the main one, or from code off the main actor): that run loop never runs inside a simulation, so
  /// the timer never fires in virtual time. Counted as an escape naming the call.
  fileprivate func reportRunLoopTimer() {
    inbox.post(nil, kind: .runLoopTimer)
    let name = DispatchCapture.callName(SPEECH_REPLAY_RUN_LOOP_TIMER)
    trace.record(
      .diagnostic,
      [
        "message":
          "\(name) scheduled a Timer off the main run loop (or off the main actor); the simulation never runs "
          + "that run loop, so it does not fire"
      ])
  }

  /// Runs a main-queue block as a main-actor job of its own, queued now (first-in first-out with
  /// the main actor's other jobs, as on a device, where they share the main queue).
  func enqueueMainBlock(_ block: DispatchBlock) {
    counts.dispatchBlocks += 1
    Task { @MainActor in
      let simulation = Simulation.current
      simulation?.trace.record(.dispatchBlock, ["call": block.call])
      // A block it arms continues this one's chain (a repeating timer of one-shot blocks).
      simulation?.firingTimerBlock = block.origin
      block.runAndRelease()
      simulation?.firingTimerBlock = nil
    }
  }

  /// `DispatchQueue.main.sync` from code that runs off the main thread on a device (a tap block, a
  /// task on the global executor): the simulation has one thread and the main actor is idle while
  /// that code runs, so the block runs now, as main-actor work. From main-actor code it is the
  /// deadlock a device ends the app for.
  private func runMainBlockInline(_ block: UnsafeMutableRawPointer, call: String) {
    if runningMainActorJob && offMainActorContext == nil {
      let message =
        "\(ProcessName.diagnosticPrefix) \(call) was called on the main thread: the main queue waits for itself, "
        + "and on a device the app ends (EXC_BAD_INSTRUCTION in __DISPATCH_WAIT_FOR_QUEUE__). "
        + "Call the code directly, or use DispatchQueue.main.async.\n"
      var bytes = Array(message.utf8)
      _ = write(2, &bytes, bytes.count)  // standard error, unbuffered: the process ends next
      fatalError("\(call) called on the main thread (deadlock)")
    }
    counts.dispatchBlocks += 1
    trace.record(.dispatchBlock, ["call": call])
    let outer = offMainActorContext
    let wasMain = runningMainActorJob
    offMainActorContext = nil
    runningMainActorJob = true
    defer {
      offMainActorContext = outer
      runningMainActorJob = wasMain
    }
    speech_replay_block_invoke(block)
  }
}
