public import Foundation
import Simulation
import Synchronization

/// Plays an audio file in virtual time — the twin of Apple's `AVAudioPlayer`, as transcription
/// apps use it to play a recording back while highlighting the words whose `audioTimeRange`
/// contains ``currentTime``.
///
/// ```swift
/// let player = try AVAudioPlayer(contentsOf: recordingURL)
/// player.currentTime = word.audioTimeRange.start.seconds
/// player.play()
/// ```
///
/// Nothing is heard: ``currentTime`` advances with the simulation's virtual clock (times ``rate``
/// when ``enableRate`` is set), and at the end of the last loop the player stops, ``currentTime``
/// returns to 0 and the delegate hears `audioPlayerDidFinishPlaying(_:successfully: true)` from a
/// simulation task. ``stop()`` and ``pause()`` keep ``currentTime`` (Apple: stop does not reset
/// it). Volume and pan are stored only. Not mirrored: `init(data:)`, `play(atTime:)`, metering.
open class AVAudioPlayer: NSObject, @unchecked Sendable {
  // @unchecked: the mutable state is under `state`'s lock.

  /// The file the player plays.
  public let url: URL?
  /// The file's format (its processing format).
  public let format: AVAudioFormat
  /// The file's length in seconds.
  public let duration: TimeInterval
  /// The file's channel count.
  public var numberOfChannels: Int { Int(format.channelCount) }
  /// The delegate, held weakly.
  public weak var delegate: (any AVAudioPlayerDelegate)?
  /// The playback volume, 0…1 (stored only).
  public var volume: Float = 1
  /// The stereo position, -1…1 (stored only).
  public var pan: Float = 0
  /// Whether ``rate`` applies; set before ``prepareToPlay()`` or ``play()``, as Apple requires.
  public var enableRate = false
  /// How many times the file repeats after the first play; negative loops until ``stop()``.
  public var numberOfLoops: Int {
    get { state.withLock { $0.loops } }
    set { state.withLock { $0.loops = newValue } }
  }

  private struct State {
    var playing = false
    /// The position (seconds, across loops) at `anchor`.
    var position: TimeInterval = 0
    var anchor = VirtualClock.Instant.zero
    var rate: Float = 1
    var loops = 0
    var generation = 0
    var task: Task<Void, Never>?
  }
  private let state = Mutex(State())
  private let clock = VirtualClock(owner: "AVAudioPlayer")

  /// Opens `url` for playback.
  /// - Throws: The `NSError` `AVAudioFile(forReading:)` throws for a file it cannot read.
  public init(contentsOf url: URL) throws {
    let file = try AVAudioFile(forReading: url)
    self.url = url
    self.format = file.processingFormat
    self.duration = Double(file.length) / file.processingFormat.sampleRate
    super.init()
  }

  /// Opens `url` for playback; the type hint is not needed (the file's contents say its type).
  /// - Throws: As ``init(contentsOf:)``.
  public convenience init(contentsOf url: URL, fileTypeHint utiString: String?) throws {
    try self.init(contentsOf: url)
  }

  deinit { state.withLock { $0.task }?.cancel() }

  /// Whether the player is playing.
  public var isPlaying: Bool { state.withLock { $0.playing } }

  /// The playback speed, 0.5…2, used when ``enableRate`` is true.
  public var rate: Float {
    get { state.withLock { $0.rate } }
    set { reanchor { $0.rate = min(max(newValue, 0.5), 2) } }
  }

  /// The position in the file, in seconds; setting it while playing jumps there.
  public var currentTime: TimeInterval {
    get { state.withLock { position(in: $0).truncatingRemainder(dividingBy: max(duration, .leastNonzeroMagnitude)) } }
    set { reanchor { $0.position = min(max(newValue, 0), duration) } }
  }

  /// Readies the player; always succeeds on the simulated device.
  /// - Returns: True.
  @discardableResult
  open func prepareToPlay() -> Bool { true }

  /// Plays from ``currentTime``.
  /// - Returns: True (false for an empty file).
  @discardableResult
  open func play() -> Bool {
    guard duration > 0 else { return false }
    reanchor { state in
      state.position = state.position.truncatingRemainder(dividingBy: duration)
      state.playing = true
    }
    return true
  }

  /// Pauses, keeping ``currentTime``.
  open func pause() { reanchor { $0.playing = false } }

  /// Stops, keeping ``currentTime`` (Apple's stop does not reset it); the delegate is not called.
  open func stop() { pause() }

  // MARK: Timing

  /// The position across loops now.
  private func position(in state: State) -> TimeInterval {
    guard state.playing else { return state.position }
    let elapsed = state.anchor.duration(to: clock.now)
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    return state.position + seconds * (enableRate ? Double(state.rate) : 1)
  }

  /// Applies `change` at the current position and restarts the end-of-playback timer.
  private func reanchor(_ change: (inout State) -> Void) {
    let enableRate = enableRate
    let (remaining, generation, old) = state.withLock { state -> (TimeInterval?, Int, Task<Void, Never>?) in
      state.position = position(in: state)
      state.anchor = clock.now
      change(&state)
      state.generation += 1
      let old = state.task
      state.task = nil
      guard state.playing else { return (nil, state.generation, old) }
      guard state.loops >= 0 else { return (nil, state.generation, old) }
      let speed = enableRate ? Double(state.rate) : 1
      return ((Double(state.loops + 1) * duration - state.position) / speed, state.generation, old)
    }
    old?.cancel()
    guard let remaining else { return }
    let wait = Duration.seconds(max(remaining, 0))
    let sleeper = clock
    let operation: @Sendable () async -> Void = { [weak self] in
      do { try await sleeper.sleep(for: wait) } catch { return }
      self?.finish(generation: generation)
    }
    let task = Simulation.current.map { $0.task("AVAudioPlayer", operation: operation) } ?? Task(operation: operation)
    state.withLock { if $0.generation == generation { $0.task = task } else { task.cancel() } }
  }

  /// The last loop ended: stop, rewind, tell the delegate.
  private func finish(generation: Int) {
    let finished = state.withLock { state -> Bool in
      guard state.generation == generation, state.playing else { return false }
      state.playing = false
      state.position = 0
      state.task = nil
      state.generation += 1
      return true
    }
    if finished { delegate?.audioPlayerDidFinishPlaying(self, successfully: true) }
  }
}
