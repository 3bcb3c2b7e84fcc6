import SpeechShim

/// What the microphone tap does with each buffer: convert it from the hardware format to the
/// analyzer's format and queue it for the analyzer.
///
/// The converter is made once per hardware format and kept (a converter per buffer loses the
/// resampler's state at every buffer edge); ``prepare(for:)`` replaces it when the route changes.
/// Thread-safe: the tap calls ``process(_:)`` from the audio thread while the transcriber changes
/// the route from the main actor.
final class TapPipeline: @unchecked Sendable {
  // @unchecked: `converter` is guarded by `lock`; the rest is immutable.
  private let lock = NSLock()
  private var converter: AVAudioConverter?
  /// The analyzer's format (`bestAvailableAudioFormat`).
  let outputFormat: AVAudioFormat
  /// Where converted buffers go.
  let queue: AnalyzerInputQueue
  private let margin: AVAudioFrameCount
  private let onFailure: @Sendable (String) -> Void
  private var hasReportedFailure = false
  /// Whether a converter was drained (so a missing converter means the stream ended).
  private var hasDrained = false
  /// Bug zoo only (``LiveTranscriber/Fault/skipsConverterWhenRatesMatch``): buffers skip the converter.
  private var passesThrough = false
  /// The bug zoo's faults that live in the tap (empty in every real use).
  private let faults: Set<LiveTranscriber.Fault>
  /// Bug zoo only: the one output buffer reused for every conversion, and buffers converted so far.
  private var reusedOutput: AVAudioPCMBuffer?
  private var converted = 0
  /// Bug zoo only (``LiveTranscriber/Fault/keepsEveryBuffer``): every tap buffer, never let go.
  private var kept: [AVAudioPCMBuffer] = []

  /// Creates the pipeline.
  /// - Parameters:
  ///   - outputFormat: The analyzer's format.
  ///   - queue: The bounded queue the analyzer reads.
  ///   - margin: Frames added to each output buffer beyond `ratio × input frames`.
  ///   - faults: The bug zoo's faults; empty by default.
  ///   - onFailure: Told once, with a message, when a buffer cannot be converted.
  init(
    outputFormat: AVAudioFormat, queue: AnalyzerInputQueue, margin: AVAudioFrameCount,
    faults: Set<LiveTranscriber.Fault> = [],
    onFailure: @escaping @Sendable (String) -> Void
  ) {
    self.outputFormat = outputFormat
    self.queue = queue
    self.margin = margin
    self.faults = faults
    self.onFailure = onFailure
  }

  /// Makes the converter for a hardware format (again after a route change).
  /// - Parameter hardwareFormat: The microphone's format now.
  /// - Returns: Whether a converter exists for that pair of formats.
  @discardableResult
  func prepare(for hardwareFormat: AVAudioFormat) -> Bool {
    // The old converter's filter still holds the last milliseconds heard on the old route.
    drain()
    let made = AVAudioConverter(from: hardwareFormat, to: outputFormat)
    // Without downmix, stereo to mono keeps channel 0 and drops the other (as Apple's converter does):
    // speech on the second channel of a stereo microphone would never reach the analyzer.
    // Bug zoo: without downmix only the first channel of a stereo microphone is converted.
    made?.downmix = !faults.contains(.takesFirstChannelOfStereo)
    // Bug zoo: at the session's start, a microphone at the analyzer's rate is taken to need no converter.
    let bypass = faults.contains(.skipsConverterWhenRatesMatch) && hardwareFormat.sampleRate == outputFormat.sampleRate
    lock.withLock {
      passesThrough = bypass && converter == nil && !hasDrained
      converter = made
    }
    return made != nil
  }

  /// Drains the converter: a resampler's filter holds back the newest few milliseconds of audio
  /// (its look-ahead) until it hears more or is told the stream has ended, so before the stop or a
  /// route change the converter is called once with `.endOfStream` and its tail is queued. Without
  /// this, a word that ends in the last 3–15 ms before the stop never reaches the analyzer. The
  /// converter is ended afterwards and is dropped; tap buffers that still arrive are ignored.
  ///
  /// A conversion that returns `.error` takes no input and leaves the filter as it was, so the
  /// drain is tried once more; only when that fails too is the tail lost, and the failure reported
  /// (found by `speech-replay explore`: a converter error on the drain at a route change lost the
  /// old route's last 14 ms without a word).
  func drain() {
    let drained: Result<AVAudioPCMBuffer, ConversionFailure>? = lock.withLock {
      guard let converter else { return nil }
      self.converter = nil
      hasDrained = true
      // Bug zoo: the converter is released holding its tail.
      guard !faults.contains(.neverDrainsConverter) else { return nil }
      return Self.drain(converter).flatMapError { _ in Self.drain(converter) }
    }
    switch drained {
    case .success(let tail) where tail.frameLength > 0:
      queue.enqueue(AnalyzerInput(buffer: tail), isConverterTail: true)
    case .failure(let failure):
      let first = lock.withLock { () -> Bool in
        defer { hasReportedFailure = true }
        return !hasReportedFailure
      }
      if first { onFailure(failure.message) }
    default:
      return
    }
  }

  /// Converts with `.endOfStream` as the only input: what the filter held comes out.
  private static func drain(_ converter: AVAudioConverter) -> Result<AVAudioPCMBuffer, ConversionFailure> {
    // The tail is at most the filter's look-ahead: a few hundred frames at the analyzer's rate.
    guard let output = AVAudioPCMBuffer(pcmFormat: converter.outputFormat, frameCapacity: 8192) else {
      return .failure(ConversionFailure(message: "no buffer for the converter's tail"))
    }
    var error: NSError?
    let status = converter.convert(to: output, error: &error) { _, inputStatus in
      inputStatus.pointee = .endOfStream
      return nil
    }
    guard status != .error else {
      return .failure(
        ConversionFailure(message: "draining the converter failed: \(error?.localizedDescription ?? "no error given")"))
    }
    return .success(output)
  }

  /// Converts one tap buffer and queues it.
  /// - Parameter buffer: A buffer in the hardware format.
  func process(_ buffer: AVAudioPCMBuffer) {
    // After a drain (the stop), until the next prepare: the session is ending, the audio is not wanted.
    if lock.withLock({ converter == nil && hasDrained }) { return }
    // Bug zoo: every buffer kept for an export that never lets go.
    if faults.contains(.keepsEveryBuffer) { lock.withLock { kept.append(buffer) } }
    if faults.contains(.skipsConversion) || lock.withLock({ passesThrough }) {
      // Bug zoo: the microphone's buffer goes to the analyzer in the hardware format.
      queue.recordDelivery(converted: true)
      queue.enqueue(AnalyzerInput(buffer: buffer))
      return
    }
    let tooSmall = faults.contains(.converterOutputCapacityTooSmall)
    let outcome: Result<AVAudioPCMBuffer, ConversionFailure> = lock.withLock {
      guard let converter else { return .failure(ConversionFailure(message: "no converter for \(buffer.format)")) }
      let outcome = Self.convert(buffer, with: converter, margin: margin, tooSmall: tooSmall)
      return faults.isEmpty ? outcome : outcome.map(applyAudioFaults)
    }
    switch outcome {
    case .success(let converted):
      queue.recordDelivery(converted: true)
      // Bug zoo: every tenth buffer is lost to a swallowed error.
      if faults.contains(.dropsEveryTenthBuffer) && lock.withLock({ self.converted }) % 10 == 0 { return }
      queue.enqueue(AnalyzerInput(buffer: converted))
      // Bug zoo: a retry that sends the same buffer again.
      if faults.contains(.sendsBuffersTwice) { queue.enqueue(AnalyzerInput(buffer: converted)) }
    case .failure(let failure):
      queue.recordDelivery(converted: false)
      // Bug zoo: the converter's error is ignored; the buffer is dropped and the session goes on.
      if faults.contains(.ignoresConverterError) { return }
      let first = lock.withLock { () -> Bool in
        defer { hasReportedFailure = true }
        return !hasReportedFailure
      }
      if first { onFailure(failure.message) }
    }
  }

  /// Bug zoo only: what the audio faults do to a converted buffer (called under `lock`).
  private func applyAudioFaults(_ output: AVAudioPCMBuffer) -> AVAudioPCMBuffer {
    converted += 1
    let frames = Int(output.frameLength)
    if let samples = output.int16ChannelData?[0] {
      // Bug zoo: a hand-written scale, ×100 and clipped.
      if faults.contains(.wrongSampleScale) {
        for index in 0..<frames { samples[index] = Int16(clamping: Int(samples[index]) * 100) }
      }
      // Bug zoo: every other buffer goes out as silence.
      if faults.contains(.sendsSilenceWhileMuted) && converted % 2 == 0 {
        for index in 0..<frames { samples[index] = 0 }
      }
    }
    // Bug zoo: the samples are copied into the one buffer every queued input points at.
    guard faults.contains(.reusesOutputBuffer) else { return output }
    if reusedOutput == nil || reusedOutput!.frameCapacity < output.frameLength {
      reusedOutput = AVAudioPCMBuffer(pcmFormat: output.format, frameCapacity: max(output.frameCapacity, 8192))
    }
    guard let shared = reusedOutput, let from = output.int16ChannelData?[0], let to = shared.int16ChannelData?[0] else {
      return output
    }
    to.update(from: from, count: frames)
    shared.frameLength = output.frameLength
    return shared
  }

  /// Converts `buffer` with the pull pattern of Apple's TN3136: the input block hands over the
  /// buffer once (`.haveData`), then says `.noDataNow`, so the converter keeps its state for the
  /// next buffer instead of ending the stream.
  private static func convert(
    _ buffer: AVAudioPCMBuffer, with converter: AVAudioConverter, margin: AVAudioFrameCount, tooSmall: Bool = false
  )
    -> Result<AVAudioPCMBuffer, ConversionFailure>
  {
    let ratio = converter.outputFormat.sampleRate / converter.inputFormat.sampleRate
    // Resamplers round and may release frames they held back: room for ratio × frames plus a margin.
    var capacity = AVAudioFrameCount((Double(buffer.frameLength) * ratio).rounded(.up)) + margin
    // Bug zoo: ratio × frames rounded down and no margin; the frames held back never fit.
    if tooSmall { capacity = AVAudioFrameCount((Double(buffer.frameLength) * ratio).rounded(.down)) }
    guard let output = AVAudioPCMBuffer(pcmFormat: converter.outputFormat, frameCapacity: capacity) else {
      return .failure(ConversionFailure(message: "cannot allocate \(capacity) frames in \(converter.outputFormat)"))
    }
    // The input block is @Sendable (the 26 SDK's NS_SWIFT_SENDABLE); the converter calls it
    // synchronously, inside convert, so these captures never cross a task.
    nonisolated(unsafe) var supplied = false
    nonisolated(unsafe) let input = buffer
    var error: NSError?
    let status = converter.convert(to: output, error: &error) { _, inputStatus in
      if supplied {
        inputStatus.pointee = .noDataNow
        return nil
      }
      supplied = true
      inputStatus.pointee = .haveData
      return input
    }
    if status == .error || error != nil {
      let reason = error?.localizedDescription ?? "the converter reported an error"
      return .failure(
        ConversionFailure(message: "converting \(buffer.format) to \(converter.outputFormat) failed: \(reason)"))
    }
    return .success(output)
  }

  /// Why a buffer was not converted.
  struct ConversionFailure: Error {
    let message: String
  }
}
