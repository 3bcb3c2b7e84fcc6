internal import AudioPCM
import Foundation
import SimulatedDevice
import Simulation

/// Records the simulated microphone to a file, with level metering — the twin of `AVAudioRecorder`.
///
/// ```swift
/// let recorder = try AVAudioRecorder(url: url, settings: [AVFormatIDKey: kAudioFormatLinearPCM, AVSampleRateKey: 16_000, AVNumberOfChannelsKey: 1])
/// recorder.isMeteringEnabled = true
/// recorder.record()
/// // … later, from a timer:
/// recorder.updateMeters()
/// let level = recorder.averagePower(forChannel: 0)   // dBFS, −160 for silence
/// ```
///
/// Runs in virtual time on `SimulatedDevice.current` at creation: while recording, a simulation
/// task captures the microphone every tap interval (as the engine does), converts to the file's
/// format with AudioPCM's converter and writes through ``AVAudioFile`` (libsndfile). Linear PCM
/// only (the container from the file's extension, as ``AVAudioFile`` writes): settings for a
/// compressed format (AAC, ALAC…) make the initializer throw, a **twin decision** (the twin has no
/// encoder for them). The recorder and a running engine share one microphone tape.
open class AVAudioRecorder: NSObject, @unchecked Sendable {
  // @unchecked: mutable state lives in `state`, touched only under `lock`; the file is written from
  // the recorder's one simulation task or under the lock.

  /// The file the recorder writes.
  public let url: URL
  /// The settings the recorder was created with.
  public let settings: [String: Any]
  /// The format of the recorded audio (the file's processing format).
  public let format: AVAudioFormat
  /// Receives the recorder's finish and error calls.
  public weak var delegate: (any AVAudioRecorderDelegate)?

  let device: SimulatedDevice
  private let lock = NSLock()
  private var state = State()
  private let tracker = LiveObjectTracker(AVAudioRecorder.self)

  private struct State {
    var file: AVAudioFile?
    var converter: SampleRateConverter?
    var task: Task<Void, Never>?
    var lease: LedgerLease?
    var generation = 0
    var recording = false
    var framesWritten: AVAudioFramePosition = 0
    var stopAfterFrames: AVAudioFramePosition?
    var meteringEnabled = false
    /// Per channel since the last `updateMeters()`: the largest magnitude, the sum of squares, and the sample count.
    var pending: [(peak: Float, squares: Double, count: Int)] = []
    var meters: [(peak: Float, average: Float)] = []
  }

  /// Creates a recorder that will write `url` in the format `settings` describe.
  /// - Parameters:
  ///   - url: The file to create (replaced if it exists); its extension picks the container.
  ///   - settings: `AVFormatIDKey` (linear PCM), `AVSampleRateKey`, `AVNumberOfChannelsKey`,
  ///     `AVLinearPCMBitDepthKey`…, as for ``AVAudioFile/init(forWriting:settings:)``.
  /// - Throws: An `NSError` for settings the twin cannot record (a compressed format) or a rate or
  ///   channel count no file holds.
  public init(url: URL, settings: [String: Any]) throws {
    guard let formatFormat = AVAudioFormat(settings: settings) else {
      throw NSError(
        domain: NSOSStatusErrorDomain, code: 1_718_449_215,  // 'fmt?'
        userInfo: [
          NSLocalizedDescriptionKey:
            "AVAudioRecorder: the settings do not describe linear PCM the twin can record (\(settings[AVFormatIDKey].map { "\($0)" } ?? "no AVFormatIDKey")); record kAudioFormatLinearPCM in tests (Documentation/Twins.md)"
        ])
    }
    self.url = url
    self.settings = settings
    self.format =
      AVAudioFormat(standardFormatWithSampleRate: formatFormat.sampleRate, channels: formatFormat.channelCount)
      ?? formatFormat
    self.device = SimulatedDevice.current
    super.init()
  }

  /// Creates a recorder for a format (its settings).
  /// - Parameters:
  ///   - url: The file to create.
  ///   - format: The format to record.
  /// - Throws: As ``init(url:settings:)``.
  public convenience init(url: URL, format: AVAudioFormat) throws {
    try self.init(url: url, settings: format.settings)
  }

  deinit {
    let leftover = lock.withLock { () -> (LedgerLease?, AVAudioFile?) in
      state.task?.cancel()
      return (state.lease, state.file)
    }
    leftover.1?.close()
    if let lease = leftover.0, !lease.isReleased { try? lease.release() }
  }

  // MARK: Recording

  /// Creates the file and gets ready to record (``record()`` calls it when needed).
  /// - Returns: False when the file cannot be created.
  @discardableResult
  open func prepareToRecord() -> Bool {
    if lock.withLock({ state.file != nil }) { return true }
    do {
      let file = try AVAudioFile(forWriting: url, settings: settings)
      lock.withLock { state.file = file }
      return true
    } catch {
      device.diagnose(
        "AVAudioRecorder",
        "prepareToRecord() could not create \(url.path): \(error); record() returns false, as Apple's does.")
      return false
    }
  }

  /// Starts or resumes recording.
  /// - Returns: False when the file cannot be created.
  @discardableResult
  open func record() -> Bool { startRecording(stopAfter: nil) }

  /// Records for `duration` seconds of audio, then stops and tells the delegate.
  /// - Parameter duration: Seconds to record.
  /// - Returns: False when the file cannot be created.
  @discardableResult
  open func record(forDuration duration: TimeInterval) -> Bool { startRecording(stopAfter: duration) }

  /// Records from a device time; the twin starts at once (as ``AVAudioPlayerNode/play(at:)`` does).
  /// - Parameter time: Ignored (see Documentation/Twins.md).
  /// - Returns: As ``record()``.
  @discardableResult
  open func record(atTime time: TimeInterval) -> Bool { record() }

  /// Records for a duration from a device time; the twin starts at once.
  /// - Parameters:
  ///   - time: Ignored.
  ///   - duration: Seconds to record.
  /// - Returns: As ``record(forDuration:)``.
  @discardableResult
  open func record(atTime time: TimeInterval, forDuration duration: TimeInterval) -> Bool {
    record(forDuration: duration)
  }

  private func startRecording(stopAfter duration: TimeInterval?) -> Bool {
    guard prepareToRecord() else { return false }
    if device.recordPermission == .undetermined { _ = device.requestRecordPermission() }
    if device.recordPermission != .granted {
      device.diagnose(
        "AVAudioRecorder",
        "recording started without record permission (\(device.recordPermission.rawValue)); Apple's recorder writes only silence, with no error."
      )
    }
    let microphone = device.microphone
    let started = lock.withLock { () -> Int? in
      guard !state.recording else { return nil }
      state.recording = true
      state.generation += 1
      if let duration {
        state.stopAfterFrames = state.framesWritten + AVAudioFramePosition((duration * format.sampleRate).rounded())
      }
      if state.lease == nil {
        state.lease = Simulation.current?.ledger.acquire(.activeRecorders, label: "AVAudioRecorder")
      }
      return state.generation
    }
    guard let generation = started else { return true }
    Simulation.current?.trace.record(.recorderRecord, ["url": url.lastPathComponent])
    let task = startCaptureTask(generation: generation, microphone: microphone)
    lock.withLock { state.task = task }
    return true
  }

  /// Pauses: the file stays open and a later ``record()`` appends to it.
  open func pause() {
    let was = lock.withLock { () -> Bool in
      defer {
        state.recording = false
        state.generation += 1
        state.task?.cancel()
        state.task = nil
      }
      return state.recording
    }
    if was { Simulation.current?.trace.record(.recorderPause, [:]) }
  }

  /// Stops: finishes the file and tells the delegate (`successfully` false when the file could not
  /// be finished).
  open func stop() { finish() }

  /// Deletes the file; only while not recording.
  /// - Returns: False while recording or when the file cannot be removed.
  @discardableResult
  open func deleteRecording() -> Bool {
    guard !isRecording else { return false }
    return (try? FileManager.default.removeItem(at: url)) != nil
  }

  /// Whether the recorder is recording (not paused or stopped).
  open var isRecording: Bool { lock.withLock { state.recording } }

  /// Seconds recorded so far (pauses excluded); 0 once stopped.
  open var currentTime: TimeInterval {
    lock.withLock { state.file == nil ? 0 : Double(state.framesWritten) / format.sampleRate }
  }

  /// The device's time in seconds: the virtual clock.
  open var deviceCurrentTime: TimeInterval {
    let now = (Simulation.current?.now ?? .zero).components
    return Double(now.seconds) + Double(now.attoseconds) * 1e-18
  }

  // MARK: Metering

  /// Whether levels are measured (off at first).
  open var isMeteringEnabled: Bool {
    get { lock.withLock { state.meteringEnabled } }
    set { lock.withLock { state.meteringEnabled = newValue } }
  }

  /// Takes the levels of the audio recorded since the last call, for ``averagePower(forChannel:)``
  /// and ``peakPower(forChannel:)``.
  open func updateMeters() {
    lock.withLock {
      guard state.meteringEnabled else { return }
      state.meters = state.pending.map { channel in
        let rms = channel.count > 0 ? Float((channel.squares / Double(channel.count)).squareRoot()) : 0
        return (Self.decibels(channel.peak), Self.decibels(rms))
      }
      state.pending = []
    }
  }

  /// The peak level of a channel at the last ``updateMeters()``, in dBFS (0 full scale, −160 silence).
  /// - Parameter channelNumber: The channel.
  /// - Returns: The level; −160 when metering is off or nothing was measured.
  open func peakPower(forChannel channelNumber: Int) -> Float {
    lock.withLock { state.meters.indices.contains(channelNumber) ? state.meters[channelNumber].peak : Self.silence }
  }

  /// The average (RMS) level of a channel over the audio between the last two ``updateMeters()``
  /// calls, in dBFS (0 full scale, −160 silence).
  /// - Parameter channelNumber: The channel.
  /// - Returns: The level; −160 when metering is off or nothing was measured.
  open func averagePower(forChannel channelNumber: Int) -> Float {
    lock.withLock { state.meters.indices.contains(channelNumber) ? state.meters[channelNumber].average : Self.silence }
  }

  static let silence: Float = -160

  static func decibels(_ level: Float) -> Float {
    guard level > 0 else { return silence }
    return max(silence, min(0, 20 * log10(level)))
  }

  // MARK: Capture

  private struct WeakRecorder: @unchecked Sendable {
    weak var recorder: AVAudioRecorder?
  }

  /// The task that captures: the microphone's tap clock, until this recording run ends.
  private func startCaptureTask(generation: Int, microphone: Microphone) -> Task<Void, Never> {
    let weakSelf = WeakRecorder(recorder: self)
    return microphone.startTapClock(named: "AVAudioRecorder input") {
      weakSelf.recorder?.capture(generation: generation, from: microphone) ?? false
    }
  }

  /// Captures one buffer, writes it and measures it; false when this recording run has ended.
  private func capture(generation: Int, from microphone: Microphone) -> Bool {
    guard lock.withLock({ state.recording && state.generation == generation }) else { return false }
    let captured = microphone.capture()
    let granted = device.recordPermission == .granted
    guard let target = format.audioFormat else { return false }
    var finished = false
    var failure: (any Error)?
    lock.withLock {
      do {
        if state.converter == nil || state.converter?.inputFormat != captured.format {
          state.converter = try SampleRateConverter(
            from: captured.format, to: target, quality: .medium, engine: SimulatedDevice.resamplingEngine)
        }
        let capacity =
          Int((Double(captured.frameLength) * target.sampleRate / captured.format.sampleRate).rounded(.up)) + 64
        let output = PCMBuffer(format: target, frameCapacity: capacity)
        let result = try state.converter!.convert(captured, into: output)
        output.frameLength = result.framesProduced
        if !granted, let channels = output.floatChannelData {
          for channel in 0..<output.planeCount { channels[channel].update(repeating: 0, count: output.frameLength) }
        }
        // A duration ends the recording at its frame, not at the end of the buffer.
        if let limit = state.stopAfterFrames, state.framesWritten + AVAudioFramePosition(output.frameLength) >= limit {
          output.frameLength = Int(max(0, limit - state.framesWritten))
          finished = true
        }
        if state.meteringEnabled { measure(output) }
        if output.frameLength > 0, let buffer = AVAudioPCMBuffer(adopting: output) {
          try state.file?.write(from: buffer)
        }
        state.framesWritten += AVAudioFramePosition(output.frameLength)
      } catch {
        failure = error
      }
    }
    if let failure {
      device.diagnose(
        "AVAudioRecorder",
        "writing \(url.lastPathComponent) failed: \(failure); the recorder tells its delegate and stops.")
      delegate?.audioRecorderEncodeErrorDidOccur(self, error: failure)
      finish(successfully: false)
      return false
    }
    if finished {
      finish()
      return false
    }
    return true
  }

  /// Adds a buffer's levels to the pending meter values (called under the lock).
  private func measure(_ buffer: PCMBuffer) {
    let channels = buffer.format.channelCount
    if state.pending.count != channels { state.pending = Array(repeating: (0, 0, 0), count: channels) }
    for channel in 0..<channels {
      var peak = state.pending[channel].peak
      var squares = 0.0
      for frame in 0..<buffer.frameLength {
        let sample = buffer.sample(channel: channel, frame: frame)
        peak = max(peak, abs(sample))
        squares += Double(sample) * Double(sample)
      }
      state.pending[channel].peak = peak
      state.pending[channel].squares += squares
      state.pending[channel].count += buffer.frameLength
    }
  }

  /// Ends the recording: closes the file, releases the ledger lease, tells the delegate.
  private func finish(successfully: Bool = true) {
    let ended = lock.withLock { () -> (AVAudioFile?, LedgerLease?)? in
      guard state.file != nil || state.recording else { return nil }
      defer {
        state = State(meteringEnabled: state.meteringEnabled, meters: state.meters)
      }
      state.task?.cancel()
      // The converter's look-ahead holds the last milliseconds: a stop drains them into the file
      // (a fixed duration was cut at its frame already).
      if successfully, state.stopAfterFrames == nil, let converter = state.converter, let file = state.file {
        let tail = PCMBuffer(format: converter.outputFormat, frameCapacity: 4_096)
        var endOfInput = true
        while let result = try? converter.convert(nil, into: tail, endOfInput: endOfInput), result.framesProduced > 0 {
          endOfInput = false
          tail.frameLength = result.framesProduced
          if device.recordPermission != .granted, let channels = tail.floatChannelData {
            for channel in 0..<tail.planeCount { channels[channel].update(repeating: 0, count: tail.frameLength) }
          }
          if let buffer = AVAudioPCMBuffer(adopting: tail) { try? file.write(from: buffer) }
        }
      }
      return (state.file, state.lease)
    }
    guard let (file, lease) = ended else { return }
    file?.close()
    if let lease, !lease.isReleased { try? lease.release() }
    Simulation.current?.trace.record(.recorderStop, ["successfully": String(successfully)])
    delegate?.audioRecorderDidFinishRecording(self, successfully: successfully)
  }
}
