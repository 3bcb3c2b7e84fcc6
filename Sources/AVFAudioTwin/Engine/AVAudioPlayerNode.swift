import Foundation
import SimulatedDevice
import Simulation

/// Plays buffers and files into an engine's graph — the twin of `AVAudioPlayerNode`, in virtual
/// time.
///
/// The simulated speaker plays nothing; what the twin keeps is the timing apps depend on: a
/// scheduled buffer or file takes `frames / sampleRate` seconds of virtual time once the player
/// plays in a running engine, then its completion handler is called (from a simulation task, as
/// Apple calls it from a non-main thread). ``stop()`` drops what is scheduled and calls the
/// remaining handlers. ``play()`` while the engine is not running ends the process as Apple's
/// exception does.
///
/// ```swift
/// let player = AVAudioPlayerNode()
/// engine.attach(player)
/// engine.connect(player, to: engine.mainMixerNode, format: file.processingFormat)
/// player.scheduleFile(file, at: nil) { print("played") }
/// try engine.start()
/// player.play()
/// ```
open class AVAudioPlayerNode: AVAudioNode {
  /// One scheduled buffer or file.
  private struct Item {
    let frames: AVAudioFramePosition
    let sampleRate: Double
    let label: String
    let loops: Bool
    let callbackType: AVAudioPlayerNodeCompletionCallbackType
    let handler: (@Sendable (AVAudioPlayerNodeCompletionCallbackType) -> Void)?

    var duration: Duration { .nanoseconds(Int64((Double(frames) / sampleRate * 1e9).rounded())) }
  }

  private let playerLock = NSLock()
  private var queue: [Item] = []
  private var playing = false
  private var playTask: Task<Void, Never>?
  private var generation = 0
  /// The host time ``play()`` started playing at; nil while the player does not play.
  private var playStartHostTime: UInt64?
  /// Nanoseconds played before the last pause (the player timeline leaves out paused intervals); 0 after a stop.
  private var playedBeforePause: UInt64 = 0

  /// The player's volume, 0…1.
  public var volume: Float = 1
  /// The player's stereo position, -1 (left) … 1 (right).
  public var pan: Float = 0

  /// Creates a player; attach it to an engine before connecting it.
  public init() { super.init(engine: nil) }

  /// Whether the player is playing.
  public var isPlaying: Bool { playerLock.withLock { playing } }

  // MARK: Scheduling

  /// Schedules a buffer after whatever is scheduled.
  /// - Parameters:
  ///   - buffer: The audio.
  ///   - completionHandler: Called once the player has consumed the buffer, or was stopped.
  public func scheduleBuffer(_ buffer: AVAudioPCMBuffer, completionHandler: (@Sendable () -> Void)? = nil) {
    scheduleBuffer(buffer, at: nil, options: [], completionHandler: completionHandler)
  }

  /// Schedules a buffer with options.
  /// - Parameters:
  ///   - buffer: The audio.
  ///   - when: Ignored by the twin: buffers play in order (see Documentation/Twins.md).
  ///   - options: `.interrupts` drops what was scheduled (calling its handlers); `.loops` repeats
  ///     the buffer until ``stop()``.
  ///   - completionHandler: Called once the player has consumed the buffer, or was stopped.
  public func scheduleBuffer(
    _ buffer: AVAudioPCMBuffer, at when: AVAudioTime?, options: AVAudioPlayerNodeBufferOptions = [],
    completionHandler: (@Sendable () -> Void)? = nil
  ) {
    schedule(
      Item(
        frames: AVAudioFramePosition(buffer.frameLength), sampleRate: buffer.format.sampleRate, label: "buffer",
        loops: options.contains(.loops),
        callbackType: .dataConsumed, handler: Self.ignoringType(completionHandler)),
      interrupting: options.contains(.interrupts) || options.contains(.interruptsAtLoop))
  }

  /// Schedules a buffer and says which completion to report.
  /// - Parameters:
  ///   - buffer: The audio.
  ///   - callbackType: Which completion to report (the twin reaches all three at the same instant).
  ///   - completionHandler: Called with `callbackType`, or when the player is stopped.
  public func scheduleBuffer(
    _ buffer: AVAudioPCMBuffer, completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType,
    completionHandler: (@Sendable (AVAudioPlayerNodeCompletionCallbackType) -> Void)? = nil
  ) {
    schedule(
      Item(
        frames: AVAudioFramePosition(buffer.frameLength), sampleRate: buffer.format.sampleRate, label: "buffer",
        loops: false, callbackType: callbackType,
        handler: completionHandler), interrupting: false)
  }

  /// Schedules a whole file after whatever is scheduled.
  /// - Parameters:
  ///   - file: The file; its length and processing format set the duration.
  ///   - when: Ignored by the twin (files play in order).
  ///   - completionHandler: Called once the player has consumed the file, or was stopped.
  public func scheduleFile(_ file: AVAudioFile, at when: AVAudioTime?, completionHandler: (@Sendable () -> Void)? = nil)
  {
    schedule(
      Item(
        frames: file.length, sampleRate: file.processingFormat.sampleRate, label: "file", loops: false,
        callbackType: .dataConsumed,
        handler: Self.ignoringType(completionHandler)), interrupting: false)
  }

  /// Schedules a whole file and says which completion to report.
  /// - Parameters:
  ///   - file: The file.
  ///   - when: Ignored by the twin.
  ///   - callbackType: Which completion to report.
  ///   - completionHandler: Called with `callbackType`, or when the player is stopped.
  public func scheduleFile(
    _ file: AVAudioFile, at when: AVAudioTime?,
    completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType,
    completionHandler: (@Sendable (AVAudioPlayerNodeCompletionCallbackType) -> Void)? = nil
  ) {
    schedule(
      Item(
        frames: file.length, sampleRate: file.processingFormat.sampleRate, label: "file", loops: false,
        callbackType: callbackType, handler: completionHandler),
      interrupting: false)
  }

  /// Schedules a buffer and returns when it completed (or the player stopped).
  public func scheduleBuffer(
    _ buffer: AVAudioPCMBuffer, completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType
  ) async
    -> AVAudioPlayerNodeCompletionCallbackType
  {
    await withCheckedContinuation { continuation in
      scheduleBuffer(buffer, completionCallbackType: callbackType) { continuation.resume(returning: $0) }
    }
  }

  /// Schedules a file and returns when it completed (or the player stopped).
  public func scheduleFile(
    _ file: AVAudioFile, at when: AVAudioTime?,
    completionCallbackType callbackType: AVAudioPlayerNodeCompletionCallbackType
  ) async
    -> AVAudioPlayerNodeCompletionCallbackType
  {
    await withCheckedContinuation { continuation in
      scheduleFile(file, at: when, completionCallbackType: callbackType) { continuation.resume(returning: $0) }
    }
  }

  // MARK: Playing

  /// Starts playing what is scheduled, and what will be.
  ///
  /// Apple's engine raises an uncatchable exception ("player started when engine not running") when
  /// the player is not attached to a running engine; the twin ends the process the same way, after
  /// a diagnostic.
  public func play() {
    guard let engine, engine.isRunning else {
      SimulatedDevice.current.diagnose(
        "AVAudioPlayerNode",
        "play() was called while the player's engine is not running\(engine == nil ? " (the player is not attached)" : ""); Apple's framework raises an uncatchable exception and the app ends. Attach the player, connect it and start the engine first."
      )
      AVFAudioException.raise("player started when engine not running")
    }
    let started = playerLock.withLock { () -> Bool in
      defer { playing = true }
      if !playing { playStartHostTime = AVAudioEngine.hostTimeNow() }
      return !playing
    }
    if started { Simulation.current?.trace.record(.playerPlay, [:]) }
    advance()
  }

  /// Plays at a time; the twin starts at once.
  /// - Parameter when: Ignored (see Documentation/Twins.md).
  public func play(at when: AVAudioTime?) { play() }

  /// Pauses; what is scheduled stays, and the buffer in progress starts over on ``play()``.
  public func pause() {
    let was = playerLock.withLock { () -> Bool in
      defer {
        if let start = playStartHostTime {
          playedBeforePause += AVAudioEngine.hostTimeNow() - min(AVAudioEngine.hostTimeNow(), start)
        }
        playing = false
        playStartHostTime = nil
        playTask?.cancel()
        playTask = nil
        generation += 1
      }
      return playing
    }
    if was { Simulation.current?.trace.record(.playerPause, [:]) }
  }

  /// Stops: drops everything scheduled and calls its completion handlers.
  public func stop() {
    let dropped = playerLock.withLock { () -> [Item] in
      defer {
        queue = []
        playing = false
        playStartHostTime = nil
        playedBeforePause = 0
        playTask?.cancel()
        playTask = nil
        generation += 1
      }
      return queue
    }
    Simulation.current?.trace.record(.playerStop, ["dropped": String(dropped.count)])
    for item in dropped { item.handler?(item.callbackType) }
  }

  /// The engine stopped: the player pauses with it.
  func engineStopped() { pause() }

  // MARK: Render and player time

  /// The time the player last rendered: while its engine runs, now on the engine's timeline (sample
  /// time counted from the engine's start at the player's output rate, host time the virtual clock);
  /// nil while the engine is stopped or the player is not attached, as Apple documents.
  public override var lastRenderTime: AVAudioTime? {
    guard let engine, let start = engine.startHostTime else { return nil }
    let now = AVAudioEngine.hostTimeNow()
    let rate = outputFormat(forBus: 0).sampleRate
    let frames = AVAudioFramePosition((Double(now - min(now, start)) / 1e9 * rate).rounded(.down))
    return AVAudioTime(hostTime: now, sampleTime: frames, atRate: rate)
  }

  /// Converts a node time (``lastRenderTime``) into the player's own time: frames played since the
  /// first ``play()``, at the player's output rate, leaving out paused intervals (Apple's "player
  /// timeline"); ``stop()`` resets it to 0.
  ///
  /// **Twin decision** where Apple is silent: the node time's host time is used when valid, else its
  /// sample time on the engine's timeline.
  /// - Parameter nodeTime: A time on the engine's timeline, such as ``lastRenderTime``.
  /// - Returns: The player time, or nil when the player is not playing (Apple: "nil if the player is
  ///   not playing").
  public func playerTime(forNodeTime nodeTime: AVAudioTime) -> AVAudioTime? {
    guard
      let (playStart, before) = playerLock.withLock({
        playing ? playStartHostTime.map { ($0, playedBeforePause) } : nil
      })
    else { return nil }
    let rate = outputFormat(forBus: 0).sampleRate
    let seconds: Double
    if nodeTime.isHostTimeValid {
      seconds = (Double(nodeTime.hostTime) - Double(playStart)) / 1e9
    } else if nodeTime.isSampleTimeValid, let engineStart = engine?.startHostTime {
      seconds = Double(nodeTime.sampleTime) / nodeTime.sampleRate - (Double(playStart) - Double(engineStart)) / 1e9
    } else {
      return nil
    }
    let frames = AVAudioFramePosition(((seconds + Double(before) / 1e9) * rate).rounded(.down))
    return AVAudioTime(sampleTime: max(0, frames), atRate: rate)
  }

  /// Converts a player time into a node time on the engine's timeline; nil when not playing.
  /// - Parameter playerTime: A time from ``playerTime(forNodeTime:)``.
  /// - Returns: The node time.
  public func nodeTime(forPlayerTime playerTime: AVAudioTime) -> AVAudioTime? {
    guard
      let (playStart, before) = playerLock.withLock({
        playing ? playStartHostTime.map { ($0, playedBeforePause) } : nil
      }), playerTime.isSampleTimeValid
    else { return nil }
    let offset = Double(playerTime.sampleTime) / playerTime.sampleRate * 1e9 - Double(before)
    return AVAudioTime(hostTime: UInt64(max(0, Double(playStart) + offset).rounded()))
  }

  // MARK: Virtual time

  private func schedule(_ item: Item, interrupting: Bool) {
    var dropped: [Item] = []
    playerLock.withLock {
      if interrupting {
        dropped = queue
        queue = []
        playTask?.cancel()
        playTask = nil
        generation += 1
      }
      queue.append(item)
    }
    Simulation.current?.trace.record(.playerSchedule, ["kind": item.label, "frames": String(item.frames)])
    for item in dropped { item.handler?(item.callbackType) }
    advance()
  }

  /// Starts the task that plays the queue, when the player plays and none runs.
  private func advance() {
    let generation = playerLock.withLock { () -> Int? in
      guard playing, playTask == nil, !queue.isEmpty else { return nil }
      return self.generation
    }
    guard let generation else { return }
    let box = WeakPlayer(player: self)
    let loop: @Sendable () async -> Void = {
      let clock = VirtualClock(owner: "AVAudioPlayerNode")
      while let item = box.player?.head(generation: generation) {
        do {
          try await clock.sleep(for: item.duration)
        } catch {
          return
        }
        guard let player = box.player, player.finishHead(generation: generation) else { return }
      }
    }
    let task = Simulation.current.map { $0.task("AVAudioPlayerNode", operation: loop) } ?? Task(operation: loop)
    playerLock.withLock {
      if self.generation == generation && playTask == nil { playTask = task } else { task.cancel() }
    }
  }

  private func head(generation: Int) -> Item? {
    playerLock.withLock { self.generation == generation && playing ? queue.first : nil }
  }

  /// Completes the first item (a looping one stays); false when the run ended meanwhile.
  private func finishHead(generation: Int) -> Bool {
    let finished = playerLock.withLock { () -> Item? in
      guard self.generation == generation, playing, let first = queue.first else { return nil }
      if !first.loops { queue.removeFirst() }
      if queue.isEmpty { playTask = nil }
      return first
    }
    guard let finished else { return false }
    if !finished.loops {
      Simulation.current?.trace.record(.playerCompleted, ["kind": finished.label, "frames": String(finished.frames)])
      finished.handler?(finished.callbackType)
    }
    return true
  }

  private static func ignoringType(
    _ handler: (@Sendable () -> Void)?
  ) -> (@Sendable (AVAudioPlayerNodeCompletionCallbackType) -> Void)? {
    guard let handler else { return nil }
    return { _ in handler() }
  }

  private struct WeakPlayer: @unchecked Sendable {
    weak var player: AVAudioPlayerNode?
  }
}
