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
  /// File frames read per step when filling a callback.
  private static let readChunk = 4096

  private let lock = Mutex<Void>(())
  private var state: State
  /// The device that owns the microphone, for diagnostics; set once by the device's initialiser.
  weak var device: SimulatedDevice?

  private struct State {
    var hardwareFormat: AudioFormat
    var tapFrames: Int
    var framesDelivered = 0
    var isInterrupted = false
    var isPlaying = true
    /// Whether the app muted the input (`AVAudioApplication.setInputMuted`): the tape plays on,
    /// the app gets zeros.
    var isInputMuted = false
    var secondsPlayed = 0.0
    var secondsCaptured = 0.0
    var keysModelToTape = false
    var tape: [TapeSegment] = []
    var tapeReachedEnd = false
    var source: Source = .notOpened
    var observers: [Int: (role: ObserverRole, handler: @Sendable (Event) -> Void)] = [:]
    var currentInput: AudioInputPort
    var availableInputs: [AudioInputPort]
    var nextObserver = 0
    var pendingDiagnostic: String?
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
  }

  /// A stretch of captures during which the gate was open: capture seconds `captureStart..<captureEnd`
  /// heard the file from `fileStart` on.
  private struct TapeSegment: Equatable {
    var captureStart: Double
    var captureEnd: Double
    var fileStart: Double
  }

  /// Where the audio comes from: nothing yet, the file with its converter, or silence for good.
  private enum Source {
    case notOpened
    case file(FileReader)
    case silence
  }

  /// The open file, its read buffer and the converter to the hardware format.
  private final class FileReader {
    let file: AudioFile
    let chunk: PCMBuffer
    var converter: SampleRateConverter
    var endOfFile = false

    init(file: AudioFile, hardwareFormat: AudioFormat) throws {
      self.file = file
      let readFormat = try AudioFormat.standard(
        sampleRate: file.fileFormat.sampleRate, channelCount: file.fileFormat.channelCount)
      self.chunk = PCMBuffer(format: readFormat, frameCapacity: Microphone.readChunk)
      self.converter = try SampleRateConverter(
        from: readFormat, to: hardwareFormat, quality: Microphone.conversionQuality,
        engine: SimulatedDevice.resamplingEngine)
    }
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
      hardwareFormat: hardware, tapFrames: max(1, configuration.tapFrames), currentInput: builtIn,
      availableInputs: [builtIn])
    if format == nil {
      state.pendingDiagnostic =
        "the microphone configuration (\(rate) Hz, \(channels) channels, \(sampleType)) is not a valid format; "
        + "the microphone uses 48000 Hz mono Float32 instead. Give a positive sample rate, 1 or 2 channels, and Float32 or Int16 samples."
    }
  }

  /// The format an input delivers: Float32 deinterleaved (what Apple's input node gives for
  /// built-in microphones), or Int16 interleaved (**twin decision** for inputs that deliver 16-bit
  /// integers: the packed layout such hardware uses).
  /// - Throws: ``MicrophoneError`` for another sample type; AudioPCM's error for an impossible rate or channel count.
  static func hardwareFormat(
    sampleRate: Double, channelCount: Int, sampleType: AudioFormat.SampleType
  ) throws -> AudioFormat {
    switch sampleType {
    case .float32: return try AudioFormat.standard(sampleRate: sampleRate, channelCount: channelCount)
    case .int16:
      return try AudioFormat(
        sampleRate: sampleRate, channelCount: channelCount, sampleType: .int16, isInterleaved: true)
    case .int32, .float64:
      throw MicrophoneError(path: nil, message: "a microphone delivers Float32 or Int16 samples, not \(sampleType)")
    }
  }

  private func diagnose(_ message: String) {
    device?.diagnose("Microphone", message)
  }

  private func withState<R>(_ body: (inout State) throws -> R) rethrows -> R {
    try lock.withLock { _ in try body(&state) }
  }

  // MARK: Hardware

  /// The hardware format now: Float32 deinterleaved (or Int16 interleaved) at the route's rate and channel count.
  public var hardwareFormat: AudioFormat { withState { $0.hardwareFormat } }

  /// Frames per callback now: the next scheduled entry's with a tap schedule, else the regular
  /// cadence's. A route change scales the regular one with the rate, so a callback keeps its duration.
  public var tapFrames: Int { withState { $0.nextFrames(configuration.tapSchedule) } }

  /// The virtual time until the next callback: ``tapFrames`` / sample rate, or for a scheduled
  /// entry its frames' duration plus the frames the device skipped before it (a sample-time jump
  /// within one run).
  public var callbackInterval: Duration {
    withState { state in
      var seconds = Double(state.tapFrames) / state.hardwareFormat.sampleRate
      if let next = state.nextScheduled(configuration.tapSchedule) {
        seconds = next.duration
        if let last = state.lastScheduled, let before = last.sampleTime, let now = next.sampleTime,
          last.sampleRate == next.sampleRate,
          now > before + Int64(last.frames), next.sampleRate > 0
        {
          seconds += Double(now - before - Int64(last.frames)) / next.sampleRate
        }
      }
      return .nanoseconds(Int64((seconds * 1e9).rounded()))
    }
  }

  /// Whether the microphone follows an explicit tap schedule that still has entries.
  public var isFollowingSchedule: Bool { withState { $0.nextScheduled(configuration.tapSchedule) != nil } }

  /// With a tap schedule whose next entry is in another hardware format than now, changes the
  /// route to it (as ``changeRoute(sampleRate:channelCount:)`` does: observers are told, a running
  /// engine stops) and returns true; otherwise does nothing and returns false. The engine twin
  /// calls it before each capture, so a capture's format changes replay where they happened.
  /// - Throws: ``MicrophoneError`` for an entry no hardware has.
  @discardableResult
  public func applyScheduledRouteChange() throws -> Bool {
    let next = withState { state -> TapScheduleEntry? in
      guard let next = state.nextScheduled(configuration.tapSchedule),
        next.sampleRate != state.hardwareFormat.sampleRate || next.channelCount != state.hardwareFormat.channelCount
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

  /// Frames captured since the device started, in hardware frames (the capture position).
  public var framesDelivered: Int { withState { $0.framesDelivered } }

  /// Whether the microphone hears its audio file now (the play gate). While false, captures are
  /// silence and the tape does not move, as when nobody speaks; true by default. A scenario runner
  /// closes the gate at the start and opens it for its `play` steps.
  public var isPlaying: Bool {
    get { withState { $0.isPlaying } }
    set {
      let changed = withState { state -> Bool in
        defer { state.isPlaying = newValue }
        return state.isPlaying != newValue
      }
      if changed { Simulation.current?.trace.record(MicrophonePlayEvent(playing: newValue)) }
    }
  }

  /// Seconds of audio captured while the gate was open: how far into the file the user has spoken.
  public var secondsPlayed: Double { withState { $0.secondsPlayed } }

  /// Seconds of audio captured in all, gate open or closed.
  public var secondsCaptured: Double { withState { $0.secondsCaptured } }

  /// Whether scripted models key their results to the tape instead of the analyzer's clock; off by
  /// default. A scenario runner turns it on with the play gate, so silence while the gate is closed
  /// does not move the script on: a word scripted at 0.8 s of the file is heard 0.8 s into what was
  /// played, however long the user waited before.
  public var keysModelToTape: Bool {
    get { withState { $0.keysModelToTape } }
    set { withState { $0.keysModelToTape = newValue } }
  }

  /// The file position (seconds) the listener had heard by `captureSeconds` of capture: inside a
  /// stretch of open gate it moves with the capture; while the gate is closed it stands still,
  /// except after the file was played to its end, when time goes on (so trailing finals come).
  /// - Parameter captureSeconds: A point on the capture timeline (``secondsCaptured``).
  /// - Returns: The file time, or nil when nothing was played by then.
  public func tapeTime(atCaptureSeconds captureSeconds: Double) -> Double? {
    withState { state in
      guard let index = state.tape.lastIndex(where: { $0.captureStart <= captureSeconds }) else { return nil }
      let segment = state.tape[index]
      let heard = captureSeconds - segment.captureStart
      let isLast = index == state.tape.count - 1
      if captureSeconds < segment.captureEnd || (isLast && state.tapeReachedEnd) { return segment.fileStart + heard }
      return segment.fileStart + (segment.captureEnd - segment.captureStart)
    }
  }

  /// The capture second at which the listener heard `tapeTime` of the file: the inverse of
  /// ``tapeTime(atCaptureSeconds:)`` inside a played stretch; nil when that part was never played.
  /// - Parameter tapeTime: Seconds into the file.
  /// - Returns: Seconds on the capture timeline.
  public func captureSeconds(atTapeTime tapeTime: Double) -> Double? {
    withState { state in
      guard let segment = state.tape.last(where: { $0.fileStart <= tapeTime }) else { return nil }
      let into = tapeTime - segment.fileStart
      let length = segment.captureEnd - segment.captureStart
      guard into <= length + 1e-9 || state.tape.last == segment && state.tapeReachedEnd else { return nil }
      return segment.captureStart + into
    }
  }

  /// True between ``beginInterruption()`` and ``endInterruption(shouldResume:)``.
  public var isInterrupted: Bool { withState { $0.isInterrupted } }

  // MARK: The file

  /// Opens the configured file now, so a runner can report a bad file before the scenario starts.
  /// Does nothing when there is no file or it is already open.
  /// - Throws: ``MicrophoneError`` naming the file, what is wrong with it and what to do.
  public func open() throws {
    try withState { state in
      guard case .notOpened = state.source else { return }
      state.source = try Self.openSource(configuration.audioFile, hardwareFormat: state.hardwareFormat)
    }
  }

  private static func openSource(_ path: String?, hardwareFormat: AudioFormat) throws -> Source {
    guard let path else { return .silence }
    do {
      return .file(try FileReader(file: AudioFile(forReading: path), hardwareFormat: hardwareFormat))
    } catch {
      throw MicrophoneError(
        path: path,
        message:
          "the microphone cannot play '\(path)': \(error). Check the scenario's audio path, or give a file AudioPCM reads (WAV, CAF, FLAC, AIFF…)."
      )
    }
  }

  /// Where the tape is in the file, in seconds of file audio read (zero with no file).
  public var filePosition: Double {
    withState { state in
      guard case .file(let reader) = state.source else { return 0 }
      return Double(reader.file.framePosition) / reader.file.fileFormat.sampleRate
    }
  }

  /// True when the file has been played to its end (or there is none): captures are silence.
  public var isAtEndOfAudio: Bool {
    withState { state in
      switch state.source {
      case .notOpened: false
      case .silence: true
      case .file(let reader): reader.endOfFile && reader.converter.pendingFrameCount == 0
      }
    }
  }

  /// Moves the tape to `time` seconds into the file; later captures start there.
  /// - Parameter time: The position; past the end means silence from now on.
  /// - Throws: ``MicrophoneError`` when the file cannot be opened or moved.
  public func seek(to time: Duration) throws {
    try withState { state in
      if case .notOpened = state.source {
        state.source = try Self.openSource(configuration.audioFile, hardwareFormat: state.hardwareFormat)
      }
      guard case .file(let reader) = state.source else { return }
      let seconds = time.seconds
      let frame = min(reader.file.frameCount, max(0, Int((seconds * reader.file.fileFormat.sampleRate).rounded())))
      do {
        try reader.file.seek(toFrame: frame)
      } catch {
        throw MicrophoneError(
          path: reader.file.path,
          message: "the microphone cannot move to \(seconds) s in '\(reader.file.path)': \(error)")
      }
      reader.converter.reset()
      reader.endOfFile = frame >= reader.file.frameCount
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
      let frames = state.nextFrames(configuration.tapSchedule)
      if let scheduled = state.nextScheduled(configuration.tapSchedule) {
        state.scheduleIndex += 1
        state.lastScheduled = scheduled
      }
      let output = PCMBuffer(format: state.hardwareFormat, frameCapacity: frames)
      output.frameLength = frames  // PCMBuffer storage starts zeroed: silence unless filled
      let seconds = Double(frames) / state.hardwareFormat.sampleRate
      defer { state.secondsCaptured += seconds }
      guard state.isPlaying else {
        state.framesDelivered += frames
        return output
      }
      if let last = state.tape.last, last.captureEnd == state.secondsCaptured {
        state.tape[state.tape.count - 1].captureEnd += seconds
      } else {
        state.tape.append(
          TapeSegment(
            captureStart: state.secondsCaptured, captureEnd: state.secondsCaptured + seconds,
            fileStart: state.secondsPlayed))
      }
      state.secondsPlayed += seconds
      if case .notOpened = state.source {
        do {
          state.source = try Self.openSource(configuration.audioFile, hardwareFormat: state.hardwareFormat)
        } catch {
          state.source = .silence
          failure = "\(error); the microphone delivers silence instead"
        }
      }
      if case .file(let reader) = state.source {
        do {
          try Self.fill(output, from: reader)
        } catch {
          state.source = .silence
          failure = "reading '\(reader.file.path)' failed: \(error); the microphone delivers silence from here on"
        }
      }
      if state.isInputMuted { output.silence() }
      state.framesDelivered += frames
      if case .file(let reader) = state.source, reader.endOfFile && reader.converter.pendingFrameCount == 0 {
        state.tapeReachedEnd = true
      }
      if case .silence = state.source { state.tapeReachedEnd = true }
      return output
    }
    if let configurationProblem { diagnose(configurationProblem) }
    if let failure { diagnose(failure) }
    return buffer
  }

  /// Whether the app has muted the input: while muted, capture delivers zeros in place of what the
  /// microphone hears (the audio file keeps playing underneath, as the world keeps talking).
  public var isInputMuted: Bool { withState { $0.isInputMuted } }

  /// Mutes or unmutes the input, as `AVAudioApplication.setInputMuted(_:)` asks.
  /// - Returns: Whether the state changed.
  @discardableResult
  public func setInputMuted(_ muted: Bool) -> Bool {
    withState { state in
      defer { state.isInputMuted = muted }
      return state.isInputMuted != muted
    }
  }

  /// Fills `output` from the file through the converter; whatever the file no longer provides stays zero.
  private static func fill(_ output: PCMBuffer, from reader: FileReader) throws {
    let wanted = output.frameLength
    var filled = 0
    while filled < wanted {
      let part = PCMBuffer(format: output.format, frameCapacity: wanted - filled)
      let result: SampleRateConverter.Result
      if reader.converter.pendingFrameCount > 0 {
        result = try reader.converter.convert(nil, into: part)
      } else if !reader.endOfFile {
        let read = try reader.file.read(into: reader.chunk, frameCount: Microphone.readChunk)
        reader.endOfFile = read < Microphone.readChunk
        result = try reader.converter.convert(reader.chunk, into: part, endOfInput: reader.endOfFile)
      } else {
        return
      }
      copy(part, frames: result.framesProduced, into: output, at: filled)
      filled += result.framesProduced
    }
  }

  private static func copy(_ source: PCMBuffer, frames: Int, into target: PCMBuffer, at offset: Int) {
    guard frames > 0, source.format == target.format else { return }
    // Bytes of one frame in one plane: every channel when interleaved, one otherwise.
    let frameBytes = target.stride * target.format.sampleType.byteCount
    for plane in 0..<target.planeCount {
      (target.rawPlane(plane) + offset * frameBytes).copyMemory(
        from: source.rawPlane(plane), byteCount: frames * frameBytes)
    }
  }

  // MARK: Scenario controls

  /// The input the hardware records from now (the built-in microphone at first).
  public var currentInput: AudioInputPort { withState { $0.currentInput } }

  /// The inputs connected now, the built-in microphone first.
  public var availableInputs: [AudioInputPort] { withState { $0.availableInputs } }

  /// Changes the hardware format, as plugging in a headset does, and tells the observers.
  ///
  /// From the built-in microphone the route moves to a wired headset microphone at this format
  /// (reason `newDeviceAvailable`); from any other input, that input keeps its place and changes
  /// its format (reason `routeConfigurationChange`). ``tapFrames`` scales with the rate (4800 at
  /// 48 kHz becomes 1600 at 16 kHz), so callbacks keep their duration. Audio the converter held for
  /// the old format is dropped.
  /// - Parameters:
  ///   - sampleRate: The new hardware rate.
  ///   - channelCount: The new hardware channel count.
  /// - Throws: ``MicrophoneError`` for a rate or channel count no hardware has.
  ///   - sampleType: The sample type the input delivers from now on (`.float32` or `.int16`), or
  ///     nil to keep the current input's (a headset plugged in instead of the built-in microphone: Float32).
  public func changeRoute(sampleRate: Double, channelCount: Int, sampleType: AudioFormat.SampleType? = nil) throws {
    let current = currentInput
    if current.isBuiltIn {
      try changeRoute(to: "headsetMic", sampleRate: sampleRate, channelCount: channelCount, sampleType: sampleType)
    } else {
      var port = current
      port.sampleRate = sampleRate
      port.channelCount = channelCount
      port.sampleType = sampleType ?? current.sampleType
      try apply(port, reason: .routeConfigurationChange, removing: nil)
    }
  }

  /// Connects an input of a known type and makes it the route, as plugging in a headset or
  /// connecting a Bluetooth device does; `builtInMic` disconnects the external input in use and the
  /// route falls back to the built-in microphone.
  /// - Parameters:
  ///   - portName: The port type's Swift name (`headsetMic`, `bluetoothHFP`, `usbAudio`,
  ///     `carAudio`, `lineIn`, `builtInMic`) or Apple's string for it.
  ///   - sampleRate: The hardware rate, or nil for the port type's usual one (the configured rate
  ///     for the built-in microphone).
  ///   - channelCount: The channel count, or nil for the port type's usual one.
  ///   - sampleType: The sample type the input delivers, or nil for Float32 (the configured one
  ///     for the built-in microphone).
  /// - Throws: ``MicrophoneError`` for an unknown port type or an impossible format.
  public func changeRoute(
    to portName: String, sampleRate: Double? = nil, channelCount: Int? = nil, sampleType: AudioFormat.SampleType? = nil
  ) throws {
    guard
      let named = AudioInputPort.named(
        portName, sampleRate: sampleRate, channelCount: channelCount, sampleType: sampleType)
    else {
      throw MicrophoneError(
        path: nil,
        message:
          "the route cannot change to the unknown port '\(portName)'; use one of \(AudioInputPort.knownNames.joined(separator: ", "))"
      )
    }
    let current = currentInput
    if named.isBuiltIn {
      let builtIn = AudioInputPort.builtInMic(
        sampleRate: sampleRate ?? configuration.sampleRate,
        channelCount: channelCount ?? (configuration.channelCount == 2 ? 2 : 1),
        sampleType: sampleType ?? configuration.sampleType)
      try apply(
        builtIn, reason: current.isBuiltIn ? .routeConfigurationChange : .oldDeviceUnavailable,
        removing: current.isBuiltIn ? nil : current.uid)
    } else {
      try apply(
        named, reason: current.uid == named.uid ? .routeConfigurationChange : .newDeviceAvailable, removing: nil)
    }
  }

  /// Makes an available input the route, as `AVAudioSession.setPreferredInput(_:)` does.
  /// - Parameter uid: The input's ``AudioInputPort/uid``.
  /// - Throws: ``MicrophoneError`` when no available input has that uid.
  public func selectInput(uid: String) throws {
    guard let port = availableInputs.first(where: { $0.uid == uid }) else {
      throw MicrophoneError(
        path: nil, message: "no available input has the uid '\(uid)'; pick one from availableInputs")
    }
    guard port.uid != currentInput.uid else { return }
    try apply(port, reason: .override, removing: nil)
  }

  /// Switches the hardware to `port`, keeps the list of inputs up to date and tells the observers.
  private func apply(_ port: AudioInputPort, reason: RouteChange.Reason, removing removedUID: String?) throws {
    let sampleRate = port.sampleRate
    let channelCount = port.channelCount
    guard sampleRate > 0, sampleRate.isFinite, (1...2).contains(channelCount),
      let format = try? Self.hardwareFormat(
        sampleRate: sampleRate, channelCount: channelCount, sampleType: port.sampleType)
    else {
      throw MicrophoneError(
        path: nil,
        message:
          "a route change to \(sampleRate) Hz with \(channelCount) channels of \(port.sampleType) is not possible; give a positive rate, 1 or 2 channels, and Float32 or Int16 samples"
      )
    }
    let (previous, change) = try withState { state -> (AudioFormat, RouteChange) in
      let previous = state.hardwareFormat
      if case .file(let reader) = state.source {
        do {
          reader.converter = try SampleRateConverter(
            from: reader.chunk.format, to: format, quality: Self.conversionQuality,
            engine: SimulatedDevice.resamplingEngine)
        } catch {
          throw MicrophoneError(
            path: reader.file.path,
            message: "the microphone cannot convert '\(reader.file.path)' to \(format): \(error)")
        }
      }
      state.tapFrames = max(1, Int((Double(state.tapFrames) * sampleRate / previous.sampleRate).rounded()))
      state.hardwareFormat = format
      let change = RouteChange(previousInput: state.currentInput, currentInput: port, reason: reason)
      if let removedUID { state.availableInputs.removeAll { $0.uid == removedUID } }
      if let index = state.availableInputs.firstIndex(where: { $0.uid == port.uid }) {
        state.availableInputs[index] = port
      } else {
        state.availableInputs.append(port)
      }
      state.currentInput = port
      return (previous, change)
    }
    Simulation.current?.trace.record(
      .microphoneRoute,
      port.sampleType == .float32
        ? [
          "sampleRate": String(Int(sampleRate)), "channels": String(channelCount), "port": port.scenarioName,
          "reason": "\(reason)",
        ]
        : [
          "sampleRate": String(Int(sampleRate)), "channels": String(channelCount), "port": port.scenarioName,
          "reason": "\(reason)", "sampleType": "\(port.sampleType)",
        ])
    notify(.routeChanged(previous: previous, current: format, change: change))
  }

  /// Begins an interruption (a call comes in): engines stop, sessions post their notification.
  public func beginInterruption() {
    withState { $0.isInterrupted = true }
    Simulation.current?.trace.record(.microphoneInterruption, ["phase": "began"])
    notify(.interruptionBegan)
  }

  /// Ends an interruption; nothing restarts by itself, the app decides from `shouldResume`.
  /// - Parameter shouldResume: The hint the session passes on (`AVAudioSession.InterruptionOptions.shouldResume`).
  public func endInterruption(shouldResume: Bool) {
    withState { $0.isInterrupted = false }
    Simulation.current?.trace.record(.microphoneInterruption, ["phase": "ended", "shouldResume": String(shouldResume)])
    notify(.interruptionEnded(shouldResume: shouldResume))
  }

  // MARK: Observers

  /// Calls `handler` with every ``Event`` until the returned observation is cancelled or released.
  /// - Parameters:
  ///   - role: Engines are told before sessions; within a role, in registration order.
  ///   - handler: Called synchronously on the thread of the scenario control.
  /// - Returns: The registration; keep it as long as the calls are wanted.
  public func observe(as role: ObserverRole, _ handler: @escaping @Sendable (Event) -> Void) -> Observation {
    let id = withState { state in
      state.nextObserver += 1
      state.observers[state.nextObserver] = (role, handler)
      return state.nextObserver
    }
    return Observation(microphone: self, id: id)
  }

  func removeObserver(_ id: Int) {
    _ = withState { $0.observers.removeValue(forKey: id) }
  }

  private func notify(_ event: Event) {
    let handlers = withState { state in
      state.observers.sorted { ($0.value.role, $0.key) < ($1.value.role, $1.key) }.map(\.value.handler)
    }
    for handler in handlers { handler(event) }
  }
}
