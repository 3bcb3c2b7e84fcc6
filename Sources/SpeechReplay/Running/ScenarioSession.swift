import SimulatedDevice
import Simulation

/// One run of a scenario inside the simulation: the subject, the device, the UI states seen and the
/// snapshots taken. Lives on the main actor, as the subject does.
@MainActor
final class ScenarioSession {
  /// What a run hands back to the runner.
  struct Output: Sendable {
    var finalState: UIState
    var snapshots: [String: UIState]
    var failures: [ScenarioFailure]
    /// Every pass of every cycle step, with the ledger after it (for leak checks and budgets).
    var cycles: [CycleRecord] = []
    /// The subjects `dismiss` steps let go of, to check once the simulation is over.
    var dismissals: [Dismissal] = []
    /// Live tracked objects before the first subject was made (see `LiveObjectTracker`).
    var objectsBefore: [String: Int] = [:]
    /// The run's ``Simulation/objectScope`` (nil outside a simulation: counts are process-wide then).
    var objectScope: UInt64?
    /// Whether the run ended with the screen dismissed (no subject left).
    var endedDismissed = false
    /// How many trace events there were once the steps' effects had settled (see `settle()`),
    /// before the session let go of the subject: where end-of-run checks measure.
    var settledEventCount: Int?
    /// The timers still armed once the steps' effects had settled (the `endState` check's).
    var scheduledTimers: [Simulation.ScheduledTimer] = []
  }

  let scenario: Scenario
  let device: SimulatedDevice
  private let factory: SubjectFactory
  /// The subject on screen; nil after a `dismiss` until the next `start` opens the screen again.
  private(set) var current: (any TranscriptionSubject)?
  /// The subject on screen, made again (the screen reopened) after a `dismiss`.
  var subject: any TranscriptionSubject {
    get throws {
      if let current { return current }
      let made = try Self.make(factory, scenario: scenario, device: device)
      current = made
      // What the reopened screen holds again (a shared service) is not what the dismissed one left behind.
      markShared(Dismissal.heldObjects(of: made).map(\.1))
      if let capture = detachedCapture, let capturing = made as? any SessionCapturing {
        capturing.resumeCapture(capture)
        detachedCapture = nil
      }
      made.observeUIState { [weak self] in self?.stateMayHaveChanged() }
      return made
    }
  }
  private var dismissals: [Dismissal] = []
  /// The capture of `run --capture` between a dismissed subject and the next.
  private(set) var detachedCapture: (any CaptureInProgress)?
  private var lastState: UIState?
  /// The input queue last recorded (see `traceInputQueue()`).
  var lastInputQueue: InputQueueStatus?
  private var snapshots: [String: UIState] = [:]
  private var failures: [ScenarioFailure] = []
  private var cycles: [CycleRecord] = []
  private var startTasks: [Task<Void, Never>] = []
  private let clock = VirtualClock(owner: "scenario steps")

  private init(scenario: Scenario, device: SimulatedDevice, factory: SubjectFactory, subject: any TranscriptionSubject)
  {
    self.scenario = scenario
    self.device = device
    self.factory = factory
    self.current = subject
  }

  private static func make(
    _ factory: SubjectFactory, scenario: Scenario, device: SimulatedDevice
  ) throws -> any TranscriptionSubject {
    let subject: any TranscriptionSubject
    do {
      subject = try factory.make(scenario.subject)
    } catch {
      throw SubjectCreationError(factory: factory.name, underlying: String(describing: error))
    }
    // A subject that reads the file itself hears nothing through the microphone: its script follows the analyzer's time.
    if subject is any AudioFileSubject { (device.model as? ScriptedModelBackend)?.timing.followsTape = false }
    return subject
  }

  /// Makes the subject, performs the steps, waits for every `start()` to return and reports.
  /// - Throws: What the factory throws, described with the factory's name.
  static func perform(
    _ scenario: Scenario, on device: SimulatedDevice, factory: SubjectFactory, capture: SessionCaptureSettings? = nil
  ) async throws -> Output {
    // Only the objects this run's code creates: tests in the same process make their own meanwhile.
    let scope = Simulation.current?.objectScope
    let objectsBefore = scope.map { LiveObjectTracker.liveCounts(createdIn: $0) } ?? LiveObjectTracker.liveCounts()
    // The first subject is held by the session alone (not by a local of this function), so a
    // `dismiss` frees it when the session lets go of it.
    let session = try ScenarioSession(
      scenario: scenario, device: device, factory: factory, subject: make(factory, scenario: scenario, device: device))
    (session.current as? any SessionCapturing)?.beginCapture(of: scenario, settings: capture)  // `run --capture`
    defer {
      if let capturing = session.current as? any SessionCapturing {
        capturing.endCapture()
      } else {
        session.detachedCapture?.finish()
      }
    }
    session.current?.observeUIState { [weak session] in session?.stateMayHaveChanged() }
    session.stateMayHaveChanged()
    _ = await session.execute(scenario.steps)
    for task in session.startTasks { await task.value }
    session.startTasks = []
    await session.settle()
    let settledEventCount = Simulation.current?.trace.count
    session.stateMayHaveChanged()
    var output = Output(
      finalState: session.current?.uiState ?? session.lastState ?? UIState(), snapshots: session.snapshots,
      failures: session.failures, cycles: session.cycles)
    // An object the screen on view at the end also holds is shared by design, not left behind.
    if let subject = session.current { session.markShared(Dismissal.heldObjects(of: subject).map(\.1)) }
    output.dismissals = session.dismissals
    output.objectsBefore = objectsBefore
    output.objectScope = scope
    output.endedDismissed = session.current == nil
    output.settledEventCount = settledEventCount
    output.scheduledTimers = Simulation.current?.scheduledTimers ?? []
    return output
  }

  /// Waits until nothing else can run in this virtual instant (``Simulation/settle()``): a
  /// synchronous `stop()` returns while the twins' own tasks (an engine winding down, a recognition
  /// task completing) and the stack's main-actor work still have a turn to take. Exact — no yielding
  /// and hoping — and neither virtual time nor any timer moves.
  private func settle() async {
    await Simulation.settle()
  }

  /// Marks the dismissed subjects' objects that are among `objects` (held by another subject) as shared.
  func markShared(_ objects: [AnyObject]) {
    for index in dismissals.indices {
      for objectIndex in dismissals[index].objects.indices {
        guard let object = dismissals[index].objects[objectIndex].object else { continue }
        if objects.contains(where: { $0 === object }) { dismissals[index].objects[objectIndex].shared = true }
      }
    }
  }

  /// Records the UI state in the timeline when it differs from the last one recorded.
  func stateMayHaveChanged() {
    traceInputQueue()
    guard let state = current?.uiState else { return }
    guard state != lastState else { return }
    lastState = state
    Simulation.current?.trace.record(
      UIStateEvent(state, audio: .nanoseconds(Int64((device.microphone.secondsPlayed * 1e9).rounded()))))
  }

  /// Performs `steps` in order; false when a step failed and the run cannot go on.
  private func execute(_ steps: [Scenario.Step]) async -> Bool {
    for step in steps {
      Simulation.current?.trace.record(ScenarioStepEvent(step))
      guard await perform(step) else { return false }
      traceInputQueue()
    }
    return true
  }

  private func perform(_ step: Scenario.Step) async -> Bool {
    let microphone = device.microphone
    switch step.action {
    case .start:
      let subject: any TranscriptionSubject
      do {
        subject = try self.subject
      } catch {
        failures.append(
          stepFailure("the screen could not be opened again after a dismiss: \(error)", "reopen", at: step))
        return false
      }
      stateMayHaveChanged()
      startTasks.append(
        Task { @MainActor in
          await subject.start()
          Simulation.current?.trace.record(SubjectReturnedEvent(.start))
        })
    case .stop:
      guard let subject = current else {
        failures.append(
          stepFailure(
            "a stop after a dismiss has no screen to tap: the transcriber's screen is gone; start again first", "stop",
            at: step))
        return false
      }
      await subject.stop()
      Simulation.current?.trace.record(SubjectReturnedEvent(.stop))
    case .dismiss:
      guard let subject = current else { break }
      // A start still preparing keeps its subject until it returns, as the view's task would.
      // The capture the harness keeps is detached first: it is not the app's to let go of.
      if let capturing = subject as? any SessionCapturing, let capture = capturing.detachCapture() {
        detachedCapture = capture
      }
      var dismissal = Dismissal(subject, at: step.location)
      dismissal.wasStopping = subject.uiState.phase == .stopping
      dismissals.append(dismissal)
      current = nil
    case .play(.duration(let duration)):
      microphone.isPlaying = true
      await sleep(duration)
      microphone.isPlaying = false
    case .play(.toEnd):
      // The tape moves only while an engine captures, so play until the file is heard to its end,
      // or for as long as the rest of the file lasts when nothing captures.
      microphone.isPlaying = true
      let interval = microphone.callbackInterval
      var remaining = scenario.audioDuration - microphone.secondsPlayed
      while microphone.secondsPlayed < scenario.audioDuration && remaining > -DurationText.seconds(interval) {
        await sleep(interval)
        remaining -= DurationText.seconds(interval)
      }
      microphone.isPlaying = false
    case .wait(let duration):
      await sleep(duration)
    case .network(let online):
      device.networkAvailable = online
    case .install(let locale):
      device.assets.installNow(locale)
    case .remove(let locale):
      device.assets.remove(locale)
    case .permission(let granted):
      device.recordPermission = granted ? .granted : .denied
    case .interrupt(let duration, let shouldResume):
      device.beginInterruption()
      await sleep(duration)
      device.endInterruption(shouldResume: shouldResume)
    case .route(let sampleRate, let channels, let port, let sampleType):
      do {
        if let port {
          try device.changeRoute(to: port, sampleRate: sampleRate, channelCount: channels, sampleType: sampleType)
        } else {
          try device.changeRoute(sampleRate: sampleRate, channelCount: channels, sampleType: sampleType)
        }
      } catch {
        failures.append(stepFailure("the route change failed: \(error)", "route", at: step))
        return false
      }
    case .audioSystem(let fault):
      microphone.inject(fault)
    case .snapshot(let name):
      stateMayHaveChanged()
      snapshots[name] = current?.uiState ?? lastState ?? UIState()
      Simulation.current?.trace.record(ScenarioSnapshotEvent(name: name))
    case .cycle(let count, let steps):
      for pass in 1...count {
        Simulation.current?.trace.record(ScenarioCycleEvent(pass: pass, of: count))
        let started = clock.now.offset
        guard await execute(steps) else { return false }
        cycles.append(
          CycleRecord(
            pass: pass, count: count, line: step.location.line, started: started, ended: clock.now.offset,
            ledger: CycleRecord.ledgerNow()))
      }
    }
    return true
  }

  /// A step that could not be performed, at the virtual time and audio time it was tried.
  private func stepFailure(_ message: String, _ name: String, at step: Scenario.Step) -> ScenarioFailure {
    ScenarioFailure(
      message, check: CheckID(.step, name), at: step.location, virtualTime: DurationText.seconds(clock.now.offset),
      audioTime: device.microphone.secondsPlayed)
  }

  /// Lets `duration` of virtual time pass (exact, on the virtual clock).
  private func sleep(_ duration: Duration) async {
    guard duration > .zero else { return }
    try? await clock.sleep(for: duration)
  }
}
