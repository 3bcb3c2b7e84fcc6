internal import AudioPCM
public import Foundation
import SimulatedDevice
import Simulation

/// An audio engine on the simulated device — the twin of `AVAudioEngine`.
///
/// While it runs, the input node's tap on bus 0 is called from a simulation task with each
/// microphone buffer — a fresh `AVAudioPCMBuffer` in the hardware format, every
/// `tapFrames / sampleRate` seconds of virtual time (plus the device's seeded jitter) — and an
/// `AVAudioTime` whose sample time counts frames since the engine started and whose host time is
/// virtual nanoseconds of the buffer's first frame.
///
/// ```swift
/// let engine = AVAudioEngine()
/// let input = engine.inputNode
/// input.installTap(onBus: 0, bufferSize: 4096, format: input.outputFormat(forBus: 0)) { buffer, when in … }
/// engine.prepare()
/// try engine.start()
/// ```
///
/// The engine belongs to `SimulatedDevice.current` at its creation. A route change stops a running
/// engine and posts ``Foundation/Notification/Name/AVAudioEngineConfigurationChange``; an
/// interruption stops it; without record permission it runs and its input delivers silence. The
/// ledger counts running engines (`.runningEngines`) and installed taps (`.installedTaps`).
///
/// `@unchecked Sendable` (**twin decision**): apps declare `extension AVAudioEngine: SomeProtocol`
/// where the protocol refines `Sendable`, which builds against Apple's SDK (an imported Objective-C
/// class accepts that conformance from an extension) but not against a Swift class that is not
/// `Sendable`. The engine guards its state with a lock, as Apple's documents its own thread safety.
open class AVAudioEngine: NSObject, @unchecked Sendable {
  /// A running engine: its task, the generation that task serves, its ledger lease, and the time
  /// anchor its host times count from.
  private struct Run {
    var generation: Int
    var task: Task<Void, Never>
    var lease: LedgerLease?
    var anchorHostTime: UInt64
    var anchorSampleTime: AVAudioFramePosition
  }

  /// A reference the tap task can carry across concurrency domains; the engine guards its own
  /// state with `lock`, and the task never keeps the engine alive.
  private struct WeakEngine: @unchecked Sendable {
    weak var engine: AVAudioEngine?
  }

  let device: SimulatedDevice
  /// The attached nodes and connections (``attach(_:)``, ``connect(_:to:format:)``).
  let graph = Graph()
  private let lock = NSLock()  // NSLock: Mutex would demand `sending` results for these non-Sendable nodes
  private var input: AVAudioInputNode?
  private var run: Run?
  private var generation = 0
  private var sampleTime: AVAudioFramePosition = 0
  private var prepared = false
  private var observation: Microphone.Observation?
  /// Whether the media services were reset since the engine was made: it can never start again.
  private var isInvalidated = false
  private let liveObjects = LiveObjectTracker(AVAudioEngine.self)

  /// The engine's speaker node.
  public private(set) var outputNode: AVAudioOutputNode
  /// The engine's main mixer, connected to the output node.
  public private(set) var mainMixerNode: AVAudioMixerNode

  /// Creates a stopped engine on `SimulatedDevice.current`.
  public override init() {
    self.device = SimulatedDevice.current
    self.outputNode = AVAudioOutputNode(engine: nil)
    self.mainMixerNode = AVAudioMixerNode(engine: nil)
    super.init()
    self.outputNode = AVAudioOutputNode(engine: self)
    self.mainMixerNode = AVAudioMixerNode(engine: self)
  }

  deinit {
    // Apple stops a running engine that is deallocated; the twin also gives back its leases.
    if let run = lock.withLock({ self.run }) {
      run.task.cancel()
      try? run.lease?.release()
    }
    input?.detach()
    outputNode.detach()
    mainMixerNode.detach()
    for node in graph.attached { node.detach() }
  }

  /// The engine's microphone node, created on first access (as Apple's singleton is).
  public var inputNode: AVAudioInputNode {
    let (node, created) = lock.withLock { () -> (AVAudioInputNode, Bool) in
      if let input { return (input, false) }
      let node = AVAudioInputNode(engine: self, microphone: device.microphone)
      input = node
      return (node, true)
    }
    if created {
      let weakSelf = WeakEngine(engine: self)
      let observation = device.microphone.observe(as: .engine) { event in weakSelf.engine?.hardwareDidChange(event) }
      lock.withLock { self.observation = observation }
    }
    return node
  }

  /// The input node if it was created, without creating it.
  var existingInputNode: AVAudioInputNode? { lock.withLock { input } }

  /// True while the engine runs.
  public var isRunning: Bool { lock.withLock { run != nil } }

  /// Prepares the engine to start; `start()` does it when needed.
  public func prepare() {
    lock.withLock { prepared = true }
  }

  /// Starts the engine: from now on the input node's tap receives the microphone's audio.
  ///
  /// Starting a running engine does nothing. Without record permission the engine starts and
  /// delivers silence (an undetermined permission is asked first, as the system prompts).
  /// - Throws: An `NSError` in `com.apple.coreaudio.avfaudio` with code 561145187 (`'!rec'`,
  ///   cannot start recording) while the audio session is interrupted; code 1836282486 (`'msrv'`)
  ///   when the engine was made before the media services were reset (make a new engine).
  public func start() throws {
    if isRunning { return }
    try checkMediaServices()
    prepare()
    let microphone = device.microphone
    let input = lock.withLock { self.input }
    if let input {
      if microphone.isInterrupted {
        throw NSError(
          domain: "com.apple.coreaudio.avfaudio", code: 561_145_187,
          userInfo: [
            NSLocalizedDescriptionKey:
              "The engine cannot start recording while the audio session is interrupted; start it after the interruption ends."
          ])
      }
      if let tap = input.tap(onBus: 0), let format = tap.format,
        format.sampleRate != microphone.hardwareFormat.sampleRate
      {
        device.diagnose(
          "AVAudioEngine",
          "the engine started with a tap installed for \(format), but the hardware now delivers \(input.hardwareFormat) (the route changed); Apple's framework raises an uncatchable exception and the app ends. Remove and reinstall the tap after AVAudioEngineConfigurationChange."
        )
        AVFAudioException.raise("required condition is false: format.sampleRate == hwFormat.sampleRate")
      }
      if device.recordPermission == .undetermined { _ = device.requestRecordPermission() }
      if device.recordPermission != .granted {
        device.diagnose(
          "AVAudioEngine",
          "the engine started without record permission (\(device.recordPermission.rawValue)); Apple's engine runs and its input delivers only silence, with no error."
        )
      }
    }
    let lease = Simulation.current?.ledger.acquire(.runningEngines, label: "AVAudioEngine")
    let hostTime = Self.hostTimeNow()
    let generation = lock.withLock { () -> Int in
      self.generation += 1
      return self.generation
    }
    let task = input == nil ? Task {} : startTapTask(generation: generation, microphone: microphone)
    lock.withLock {
      run = Run(
        generation: generation, task: task, lease: lease, anchorHostTime: hostTime, anchorSampleTime: sampleTime)
    }
    Simulation.current?.trace.record(
      .engineStart, ["input": String(input != nil), "format": input.map { "\($0.hardwareFormat)" } ?? "none"])
  }

  /// Stops callbacks but keeps the engine's position: a later `start()` continues its sample times.
  public func pause() {
    guard end() else { return }
    Simulation.current?.trace.record(.enginePause, [:])
  }

  /// Stops the engine: no tap is called after `stop()` returns, and sample times start from 0 on
  /// the next `start()`.
  public func stop() {
    let wasRunning = end()
    lock.withLock { sampleTime = 0 }
    if wasRunning { Simulation.current?.trace.record(.engineStop, [:]) }
  }

  /// Resets the nodes' rendering state; a running engine keeps running.
  public func reset() {
    lock.withLock { input }?.reset()
    outputNode.reset()
    mainMixerNode.reset()
  }

  // MARK: Running

  /// Ends the current run, if any; true when there was one.
  private func end() -> Bool {
    guard let run = lock.withLock({ self.run.take() }) else { return false }
    run.task.cancel()
    try? run.lease?.release()
    for player in players { player.engineStopped() }
    return true
  }

  /// Whether the media services were lost since the engine was made (``mediaServicesLost()``).
  var invalidated: Bool { lock.withLock { isInvalidated } }

  /// Marks the engine unusable for good.
  func markInvalidated() { lock.withLock { isInvalidated = true } }

  /// The host time the running engine started at, or nil while it is stopped.
  var startHostTime: UInt64? { lock.withLock { run?.anchorHostTime } }

  static func hostTimeNow() -> UInt64 {
    let now = Simulation.current?.now ?? VirtualClock().now.offset
    let parts = now.components
    return UInt64(max(0, parts.seconds)) * 1_000_000_000 + UInt64(max(0, parts.attoseconds) / 1_000_000_000)
  }

  /// The task that calls the tap: the microphone's tap clock, one callback per `callbackInterval`
  /// of virtual time, until the run `generation` ends or the engine is gone.
  private func startTapTask(generation: Int, microphone: Microphone) -> Task<Void, Never> {
    let weakSelf = WeakEngine(engine: self)
    return microphone.startTapClock(named: "AVAudioEngine input") {
      weakSelf.engine?.deliver(generation: generation, from: microphone) ?? false
    }
  }

  /// Captures one buffer and calls the tap; false when the run `generation` has ended.
  private func deliver(generation: Int, from microphone: Microphone) -> Bool {
    guard let input = lock.withLock({ run?.generation == generation ? self.input : nil }) else { return false }
    // A capture's tap schedule changes the hardware format where the device's did: the route
    // change stops this run (the app restarts the engine, as after any route change).
    if (try? microphone.applyScheduledRouteChange()) == true { return false }
    let captured = microphone.capture()
    if device.recordPermission != .granted { captured.silence() }
    let frames = AVAudioFramePosition(captured.frameLength)
    let rate = captured.format.sampleRate
    let time = lock.withLock { () -> AVAudioTime? in
      guard let run, run.generation == generation else { return nil }
      let position = sampleTime
      sampleTime += frames
      let offset = Double(position - run.anchorSampleTime) / rate * 1e9
      return AVAudioTime(hostTime: run.anchorHostTime + UInt64(offset.rounded()), sampleTime: position, atRate: rate)
    }
    guard let time else { return false }
    input.didRender(at: time)
    let recorded = Simulation.current?.trace.record(EngineBufferEvent(sampleTime: time.sampleTime, frames: frames))
    guard let tap = input.tap(onBus: 0) else { return true }
    if !tap.reportedSize && tap.bufferSize != AVAudioFrameCount(frames) {
      tap.reportedSize = true
      device.diagnose(
        "AVAudioNode",
        "the tap asked for \(tap.bufferSize)-frame buffers; the hardware delivers \(frames) frames per call, as Apple's engine may (bufferSize is only a hint).",
        level: .note)
    }
    guard let buffer = tapBuffer(captured, for: tap) else { return true }
    device.bufferMemory.sample(at: Simulation.current?.now ?? .zero)
    // What the engine hands the app, recorded before the app can change it.
    device.audioConservation.tapDelivered(
      buffer.storage, captureStart: microphone.secondsCaptured - Double(frames) / rate,
      virtualTime: (Simulation.current?.now ?? .zero).seconds,
      traceSequence: recorded?.sequence)
    // On a device the tap runs on the audio render thread: a main-actor-isolated block traps there.
    Simulation.runningOffMainActor(
      "the tap block installed on \(input.nodeName) bus 0", on: "the audio render thread",
      advice:
        "Make the block in a nonisolated (or static) function so it is not main-actor isolated, and hop to the main actor with Task { @MainActor in … } for UI work."
    ) {
      tap.block(buffer, time)
    }
    return true
  }

  /// The tap's buffer: the capture itself, or converted to the tap's layout and channel count.
  private func tapBuffer(_ captured: PCMBuffer, for tap: AVAudioNode.Tap) -> AVAudioPCMBuffer? {
    guard let converter = tap.converter else { return tap.buffer(adopting: captured) }
    let output = PCMBuffer(format: converter.outputFormat, frameCapacity: captured.frameLength)
    guard (try? converter.convert(captured, into: output)) != nil else { return nil }
    return tap.buffer(adopting: output)
  }

  // MARK: Hardware changes

  /// A route change stops a running engine and posts the configuration-change notification; an
  /// interruption stops it.
  private func hardwareDidChange(_ event: Microphone.Event) {
    switch event {
    case .routeChanged, .configurationChanged:
      // The engine stops (not pauses) itself: sample times restart at 0 on the next start.
      let wasRunning = end()
      lock.withLock { sampleTime = 0 }
      Simulation.current?.trace.record(.engineConfigurationChange, ["wasRunning": String(wasRunning)])
      NotificationCenter.default.postAsTheSystem(name: .AVAudioEngineConfigurationChange, object: self)
    case .interruptionBegan, .systemDeactivated:
      if end() { Simulation.current?.trace.record(.engineInterrupted, [:]) }
      lock.withLock { sampleTime = 0 }
    case .mediaServicesLost:
      mediaServicesLost()
    case .interruptionEnded, .mediaServicesReset:
      break
    }
  }
}
