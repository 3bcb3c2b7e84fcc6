public import AudioPCM
import Simulation
import Synchronization

/// The device's microphone: it hears the configured audio file and hands it out in the hardware
/// format — Float32 deinterleaved at the route's sample rate and channel count, or Int16
/// interleaved for an input configured so (``AudioInputPort/sampleType``) — one tap callback
/// of ``tapFrames`` frames at a time, then silence after the file ends (or always, with no file).
///
/// The microphone is a tape that moves only while someone captures: each ``capture()`` takes the
/// next ``tapFrames`` frames. The engine twin calls it every ``callbackInterval`` of virtual time
/// (plus ``nextJitter()``), so a runner "plays" audio by letting virtual time pass while an engine
/// runs, and moves the tape with ``seek(to:)``.
///
/// ```swift
/// let microphone = SimulatedDevice(configuration: .init(microphone: .init(audioFile: "fox.wav"))).microphone
/// try microphone.open()                // reports a missing or unreadable file early
/// let buffer = microphone.capture()    // 4800 frames of 48 kHz mono Float32
/// ```
///
/// A file at another rate or channel count is converted with AudioPCM's `SampleRateConverter`
/// (quality ``conversionQuality``; channels are averaged down or duplicated up). Scenario controls
/// — ``changeRoute(sampleRate:channelCount:)``, ``changeRoute(to:sampleRate:channelCount:)``,
/// ``selectInput(uid:)``, ``beginInterruption()``,
/// ``endInterruption(shouldResume:)`` — tell the observers (engines, then sessions) synchronously,
/// on the calling thread.
public final class Microphone: @unchecked Sendable {
  // @unchecked: every mutable member is in `state`, touched only under `lock`. The state holds
  // AudioPCM's non-Sendable classes (file, converter), which never leave the lock.

  /// The configuration the microphone started with.
  public let configuration: SimulatedDevice.MicrophoneConfiguration
  /// The converter quality used when the file's format differs from the hardware's.
  public static let conversionQuality = SampleRateConverter.Quality.medium

  private let lock = Mutex<Void>(())
  private var state: State
  /// The device that owns the microphone, for diagnostics; set once by the device's initialiser.
  weak var device: SimulatedDevice?

  /// Everything that changes, by aspect: the route (hardware format and inputs), the tap clock
  /// (cadence and schedule), the tape (the source: file, play gate, mute) and the interruptions
  /// with the observers told of them.
  struct State {
    var route: Route
    var tapClock: TapClock
    var tape = Tape()
    var isInterrupted = false
    /// An activation failure injected for the next session activation (``AudioSystemFault``).
    var pendingActivationFailure: AudioSystemFault.ActivationFailure?
    var observers: [Int: (role: ObserverRole, handler: @Sendable (Event) -> Void)] = [:]
    var nextObserver = 0
    /// A problem with the configuration, reported on the first capture (inside a simulation).
    var pendingDiagnostic: String?
  }

  /// The format the microphone falls back to when its configuration names an impossible one.
  private static let fallbackFormat = try! AudioFormat.standard(sampleRate: 48_000, channelCount: 1)  // valid literal

  /// Creates a microphone; the file is opened on the first capture or ``open()``.
  ///
  /// An impossible configured format (rate 0, no channels) falls back to 48 kHz mono; the first
  /// capture reports it as a diagnostic.
  /// - Parameter configuration: Hardware format, tap size, jitter and the audio file.
  init(configuration: SimulatedDevice.MicrophoneConfiguration) {
    self.configuration = configuration
    // Two channels at most: AVAudioFormat (and so the input node) describes no more without a layout.
    // With a tap schedule, the hardware starts in its first entry's format.
    let rate = configuration.tapSchedule.first?.sampleRate ?? configuration.sampleRate
    let channels = configuration.tapSchedule.first?.channelCount ?? configuration.channelCount
    let sampleType = configuration.tapSchedule.isEmpty ? configuration.sampleType : .float32
    let format =
      (1...2).contains(channels)
      ? try? Self.hardwareFormat(sampleRate: rate, channelCount: channels, sampleType: sampleType) : nil
    let hardware = format ?? Self.fallbackFormat
    let builtIn = AudioInputPort.builtInMic(
      sampleRate: hardware.sampleRate, channelCount: hardware.channelCount, sampleType: hardware.sampleType)
    self.state = State(
      route: Route(hardwareFormat: hardware, currentInput: builtIn, availableInputs: [builtIn]),
      tapClock: TapClock(tapFrames: max(1, configuration.tapFrames)))
    if format == nil {
      state.pendingDiagnostic =
        "the microphone configuration (\(rate) Hz, \(channels) channels, \(sampleType)) is not a valid format; "
        + "the microphone uses 48000 Hz mono Float32 instead. Give a positive sample rate, 1 or 2 channels, and Float32 or Int16 samples."
    }
  }

  private func diagnose(_ message: String) {
    device?.diagnose("Microphone", message)
  }

  func withState<R>(_ body: (inout State) throws -> R) rethrows -> R {
    try lock.withLock { _ in try body(&state) }
  }

  /// The hardware format now: Float32 deinterleaved (or Int16 interleaved) at the route's rate and channel count.
  public var hardwareFormat: AudioFormat { withState { $0.route.hardwareFormat } }

  // MARK: The tape

  /// Whether the microphone hears its audio file now (the play gate). While false, captures are
  /// silence and the tape does not move, as when nobody speaks; true by default. A scenario runner
  /// closes the gate at the start and opens it for its `play` steps.
  public var isPlaying: Bool {
    get { withState { $0.tape.isPlaying } }
    set {
      let changed = withState { state -> Bool in
        defer { state.tape.isPlaying = newValue }
        return state.tape.isPlaying != newValue
      }
      if changed { Simulation.current?.trace.record(MicrophonePlayEvent(playing: newValue)) }
    }
  }

  /// Seconds of audio captured while the gate was open: how far into the file the user has spoken.
  public var secondsPlayed: Double { withState { $0.tape.secondsPlayed } }

  /// Seconds of audio captured in all, gate open or closed.
  public var secondsCaptured: Double { withState { $0.tape.secondsCaptured } }

  /// The file position (seconds) the listener had heard by `captureSeconds` of capture: inside a
  /// stretch of open gate it moves with the capture; while the gate is closed it stands still,
  /// except after the file was played to its end, when time goes on (so trailing finals come).
  /// - Parameter captureSeconds: A point on the capture timeline (``secondsCaptured``).
  /// - Returns: The file time, or nil when nothing was played by then.
  public func tapeTime(atCaptureSeconds captureSeconds: Double) -> Double? {
    withState { $0.tape.time(atCaptureSeconds: captureSeconds) }
  }

  /// The capture second at which the listener heard `tapeTime` of the file: the inverse of
  /// ``tapeTime(atCaptureSeconds:)`` inside a played stretch; nil when that part was never played.
  /// - Parameter tapeTime: Seconds into the file.
  /// - Returns: Seconds on the capture timeline.
  public func captureSeconds(atTapeTime tapeTime: Double) -> Double? {
    withState { $0.tape.captureSeconds(atTapeTime: tapeTime) }
  }

  /// Opens the configured file now, so a runner can report a bad file before the scenario starts.
  /// Does nothing when there is no file or it is already open.
  /// - Throws: ``MicrophoneError`` naming the file, what is wrong with it and what to do.
  public func open() throws {
    try withState { state in
      try state.tape.open(configuration.audioFile, hardwareFormat: state.route.hardwareFormat)
    }
  }

  /// True when the file has been played to its end (or there is none): captures are silence.
  public var isAtEndOfAudio: Bool { withState { $0.tape.isAtEnd } }

  /// Moves the tape to `time` seconds into the file; later captures start there.
  /// - Parameter time: The position; past the end means silence from now on.
  /// - Throws: ``MicrophoneError`` when the file cannot be opened or moved.
  public func seek(to time: Duration) throws {
    try withState { state in
      try state.tape.seek(to: time.seconds, path: configuration.audioFile, hardwareFormat: state.route.hardwareFormat)
    }
  }

  /// Whether the app has muted the input: while muted, capture delivers zeros in place of what the
  /// microphone hears (the audio file keeps playing underneath, as the world keeps talking).
  public var isInputMuted: Bool { withState { $0.tape.isInputMuted } }

  /// Mutes or unmutes the input, as `AVAudioApplication.setInputMuted(_:)` asks.
  /// - Returns: Whether the state changed.
  @discardableResult
  public func setInputMuted(_ muted: Bool) -> Bool {
    withState { state in
      defer { state.tape.isInputMuted = muted }
      return state.tape.isInputMuted != muted
    }
  }

  // MARK: Capture

  /// The next ``tapFrames`` frames in the hardware format: the file's audio, then silence. With a
  /// tap schedule, the next entry's frame count (in the hardware format now; see
  /// ``applyScheduledRouteChange()`` for the entry's format).
  ///
  /// A file that cannot be read gives silence and a diagnostic (call ``open()`` first to get the
  /// error instead).
  /// - Returns: A new buffer whose `frameLength` is ``tapFrames``.
  public func capture() -> PCMBuffer {
    var failure: String?
    var configurationProblem: String?
    let buffer = withState { state -> PCMBuffer in
      configurationProblem = state.pendingDiagnostic
      state.pendingDiagnostic = nil
      let frames = state.tapClock.advance(configuration.tapSchedule)
      let output = PCMBuffer(format: state.route.hardwareFormat, frameCapacity: frames)
      output.frameLength = frames  // PCMBuffer storage starts zeroed: silence unless filled
      let seconds = Double(frames) / state.route.hardwareFormat.sampleRate
      failure = state.tape.play(into: output, seconds: seconds, path: configuration.audioFile)
      return output
    }
    if let configurationProblem { diagnose(configurationProblem) }
    if let failure { diagnose(failure) }
    return buffer
  }
}
