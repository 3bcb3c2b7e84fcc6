internal import CSampleRate
internal import CSoxr

/// A streaming, stateful converter of sample rate, channel count and sample type, built on libsoxr
/// (the default ``Engine``) or libsamplerate.
///
/// Push input buffers in pieces of any size; the converter keeps the filter state across calls,
/// so chunked conversion gives exactly the output of one call over the whole input. Give
/// `endOfInput: true` once to flush the filter tail.
///
/// **Input is always consumed whole.** Output that does not fit in the output buffer stays
/// inside the converter (``pendingFrameCount``) and comes out first on the next call; call with
/// `nil` input to drain it. This lets a pull-model converter (AVAudioConverter) offer any output
/// capacity.
///
/// **Channels:** equal counts pass through. Fewer output channels down-mix: output channel `k` is
/// the average of input channels `k, k + n, k + 2n, …` (`n` = output count), so anything to mono
/// is the average of all channels. More output channels up-mix: output channel `k` copies input
/// channel `k % m` (`m` = input count), so mono is duplicated to every channel. Mixing happens on
/// the side with fewer channels, so the resampler filters as few channels as possible.
///
/// **Sample types** convert with full scale 2^15 (Int16) and 2^31 (Int32); integers clip and
/// round to nearest, ties to even. Equal rates skip the resampler and only mix and convert.
///
/// **Memory:** scratch space is allocated at initialisation for ``initialCapacity`` frames and
/// grows only when a call needs more, so a steady stream of same-sized calls allocates nothing.
///
/// ```swift
/// let converter = try SampleRateConverter(from: micFormat, to: analyzerFormat, quality: .medium, engine: .soxr)
/// let result = try converter.convert(tapBuffer, into: outputBuffer, endOfInput: false)
/// ```
///
/// > Warning: Not thread-safe; use one converter from one thread at a time.
public final class SampleRateConverter {
  /// The format of input buffers.
  public let inputFormat: AudioFormat
  /// The format of output buffers.
  public let outputFormat: AudioFormat
  /// The quality level, mapped onto a recipe of ``engine``.
  public let quality: Quality
  /// The library that resamples.
  public let engine: Engine
  /// Output rate over input rate.
  public let ratio: Double
  /// Output frames produced but not yet delivered because an output buffer was full.
  public var pendingFrameCount: Int { pendingEnd - pendingStart }
  /// Whether the end of input has been given since creation or the last ``reset()``.
  public private(set) var hasReceivedEndOfInput = false
  /// Input frames consumed since creation or the last ``reset()``.
  public private(set) var totalFramesConsumed = 0
  /// Output frames delivered since creation or the last ``reset()``.
  public private(set) var totalFramesProduced = 0

  /// Frames of input the scratch space is sized for at initialisation.
  public static let initialCapacity = 8192

  /// Channels the resampler filters: the smaller of the input and output counts.
  let filterChannels: Int
  /// The resampler's state; `nil` when the rates are equal.
  private let state: State?
  /// Input mixed to `filterChannels` interleaved Float32, when it cannot be passed as is.
  private let mixed = ScratchStorage()
  /// Interleaved Float32 output (`filterChannels`) waiting for an output buffer.
  let pending = ScratchStorage()
  private var pendingStart = 0
  var pendingEnd = 0
  /// Where digital silence may skip libsoxr (``SoxrSilenceSchedule``); `nil` where it may not (tests set it
  /// to `nil` to compare with libsoxr).
  var silenceKey: SoxrSilenceSchedule.Key?
  /// Frames of digital silence the stream has been since creation or the last ``reset()``, while it has
  /// been nothing else.
  var leadingSilence = 0
  /// Of those, the frames taken without running libsoxr.
  var skippedSilence = 0
  /// Whether the stream has had anything but digital silence since creation or the last ``reset()``.
  var heardSound = false
  /// Silence libsoxr still filters before more may skip it: one second of input, so that a stream that
  /// only begins quietly (a recording's first samples) never pays for measuring a schedule.
  var silenceBeforeSkipping: Int

  /// Creates a converter between two formats.
  ///
  /// - Parameters:
  ///   - inputFormat: The format of the buffers to be converted.
  ///   - outputFormat: The format to produce.
  ///   - quality: The quality level; ignored when the rates are equal.
  ///   - engine: The library that resamples (default libsoxr); ignored when the rates are equal.
  ///   - isLowLatency: For a stream whose output is used as it comes (a live tap): libsoxr filters
  ///     in smaller DFT blocks and holds back less — at most 244 output frames (15 ms) instead of
  ///     585 (37 ms) streaming 48 kHz → 16 kHz at `medium` — at two thirds of its throughput. The
  ///     output is the same; only when it appears changes. No effect on libsamplerate.
  /// - Throws: ``SampleRateConverterError`` when the rate ratio is outside 1/256 … 256 or the
  ///   library cannot create its state.
  public init(
    from inputFormat: AudioFormat, to outputFormat: AudioFormat, quality: Quality = .best, engine: Engine = .default,
    isLowLatency: Bool = false
  ) throws {
    self.inputFormat = inputFormat
    self.outputFormat = outputFormat
    self.quality = quality
    self.engine = engine
    ratio = outputFormat.sampleRate / inputFormat.sampleRate
    filterChannels = min(inputFormat.channelCount, outputFormat.channelCount)
    // Only a live stream's converter (low latency) skips silence: it is the one that hears long stretches of it.
    silenceKey =
      engine == .soxr && isLowLatency && inputFormat.sampleRate != outputFormat.sampleRate
      ? SoxrSilenceSchedule.Key(
        inputRate: inputFormat.sampleRate, outputRate: outputFormat.sampleRate, quality: quality, isLowLatency: true)
      : nil
    silenceBeforeSkipping = Int(inputFormat.sampleRate)
    if inputFormat.sampleRate == outputFormat.sampleRate {
      state = nil
    } else {
      guard src_is_valid_ratio(ratio) != 0 else {
        throw SampleRateConverterError(
          code: .unsupportedRatio,
          message:
            "cannot convert \(inputFormat.sampleRate) Hz to \(outputFormat.sampleRate) Hz: the converter handles ratios from 1/256 to 256; convert in two steps"
        )
      }
      state = try State(
        engine: engine, quality: quality, inputRate: inputFormat.sampleRate, outputRate: outputFormat.sampleRate,
        channels: filterChannels, isLowLatency: isLowLatency)
    }
    _ = mixed.reserve(Self.initialCapacity * filterChannels, of: Float.self)
    _ = pending.reserve((Int(Double(Self.initialCapacity) * max(ratio, 1)) + 256) * filterChannels, of: Float.self)
  }

  deinit {
    switch state {
    case .samplerate(let pointer): src_delete(pointer)
    case .soxr(let pointer): soxr_delete(pointer)
    case nil: break
    }
  }

  /// Forgets all input, pending output and filter state, as if newly created.
  public func reset() {
    switch state {
    case .samplerate(let pointer): src_reset(pointer)
    case .soxr(let pointer): soxr_clear(pointer)
    case nil: break
    }
    pendingStart = 0
    pendingEnd = 0
    leadingSilence = 0
    skippedSilence = 0
    heardSound = false
    hasReceivedEndOfInput = false
    totalFramesConsumed = 0
    totalFramesProduced = 0
  }

  /// Converts one input buffer, writing as much output as fits from the output buffer's start.
  ///
  /// Pending output from earlier calls comes first. All input is consumed; output that does not
  /// fit stays pending. With `endOfInput`, the filter tail is flushed too, and the converter takes
  /// no more input until ``reset()``.
  ///
  /// - Parameters:
  ///   - input: A buffer in ``inputFormat``, or `nil` to only drain pending output (or to end input).
  ///   - output: A buffer in ``outputFormat``; its `frameLength` is set to the frames produced.
  ///   - endOfInput: `true` when `input` is the last input, to flush the filter tail.
  /// - Returns: Frames consumed and produced, frames still pending, and whether all output is out.
  /// - Throws: ``SampleRateConverterError`` when a buffer's format is not the converter's, input
  ///   follows the end of input, or the resampling library fails.
  @discardableResult
  public func convert(_ input: PCMBuffer?, into output: PCMBuffer, endOfInput: Bool = false) throws -> Result {
    let inputFrames = input?.frameLength ?? 0
    try check(input, output, inputFrames: inputFrames)
    var produced = drainPending(into: output, at: 0)
    let mustFlush = endOfInput && !hasReceivedEndOfInput
    if inputFrames > 0 || mustFlush {
      let source = prepare(input, frames: inputFrames)
      switch state {
      case .samplerate(let pointer):
        produced = try resample(
          pointer, source, inputFrames, endOfInput: mustFlush, into: output, producedSoFar: produced)
      case .soxr(let pointer):
        if let schedule = silenceSchedule(source, inputFrames) {
          produced = writeSilence(schedule, inputFrames, endOfInput: mustFlush, into: output, producedSoFar: produced)
        } else {
          catchUpSkippedSilence(pointer)
          produced = try resampleWithSoxr(
            pointer, source, inputFrames, endOfInput: mustFlush, into: output, producedSoFar: produced)
        }
      case nil:
        appendPending(source, inputFrames)
      }
      produced += drainPending(into: output, at: produced)
    }
    if endOfInput { hasReceivedEndOfInput = true }
    output.frameLength = produced
    totalFramesConsumed += inputFrames
    totalFramesProduced += produced
    return Result(
      framesConsumed: inputFrames, framesProduced: produced, framesPending: pendingFrameCount,
      isFinished: hasReceivedEndOfInput && pendingFrameCount == 0)
  }

  private func check(_ input: PCMBuffer?, _ output: PCMBuffer, inputFrames: Int) throws {
    if let input, input.format != inputFormat {
      throw SampleRateConverterError(
        code: .formatMismatch,
        message:
          "the input buffer is \(input.format) but the converter takes \(inputFormat); create a converter for this format"
      )
    }
    guard output.format == outputFormat else {
      throw SampleRateConverterError(
        code: .formatMismatch,
        message:
          "the output buffer is \(output.format) but the converter produces \(outputFormat); use an output buffer in that format"
      )
    }
    if inputFrames > 0, hasReceivedEndOfInput {
      throw SampleRateConverterError(
        code: .inputAfterEndOfInput,
        message: "input arrived after the end of input; call reset() before converting a new stream")
    }
  }
}

// MARK: - Resampling

extension SampleRateConverter {
  /// The C library's state.
  enum State {
    case samplerate(OpaquePointer)
    case soxr(soxr_t)

    init(
      engine: Engine, quality: Quality, inputRate: Double, outputRate: Double, channels: Int, isLowLatency: Bool
    ) throws {
      switch engine {
      case .libsamplerate:
        var error: Int32 = 0
        guard let state = src_new(quality.converterType, Int32(channels), &error) else {
          throw SampleRateConverterError(
            code: .library,
            message: "libsamplerate could not create a \(quality) converter: \(String(cString: src_strerror(error)))")
        }
        self = .samplerate(state)
      case .soxr:
        var error: soxr_error_t?
        var io = soxr_io_spec(SOXR_FLOAT32_I, SOXR_FLOAT32_I)
        var recipe = soxr_quality_spec(quality.soxrRecipe, 0)
        // One thread: the simulation is single-threaded and must stay deterministic.
        var runtime = soxr_runtime_spec(1)
        // Low latency: DFT blocks of at most 2^10 points, so libsoxr holds back at most 244 output
        // frames (15 ms) streaming 48 kHz to 16 kHz at HQ instead of 585 (37 ms) with its default
        // 2^17, at about two thirds of the throughput (5,000x against 7,500x real time here). The
        // block size changes when output appears, not the filter (Documentation/AudioPCM.md).
        if isLowLatency { runtime.log2_large_dft_size = SampleRateConverter.soxrLowLatencyDFTSizeLog2 }
        guard let state = soxr_create(inputRate, outputRate, UInt32(channels), &error, &io, &recipe, &runtime),
          error == nil
        else {
          throw SampleRateConverterError(
            code: .library,
            message:
              "libsoxr could not create a \(quality) converter: \(error.map { String(cString: $0) } ?? "unknown error")"
          )
        }
        self = .soxr(state)
      }
    }
  }

  /// log2 of the largest DFT libsoxr may use in low-latency mode (its `log2_large_dft_size`, 17
  /// by default; 11 and above hold back as much as 17).
  static let soxrLowLatencyDFTSizeLog2: UInt32 = 10

  /// Runs libsoxr over all of `source`, then (with the end of input) flushes its tail: straight
  /// into the output buffer while it has room and nothing is pending, the rest into the pending
  /// store. libsoxr takes all input at once when no `idone` is asked for and buffers it.
  private func resampleWithSoxr(
    _ state: soxr_t, _ source: UnsafePointer<Float>, _ frames: Int, endOfInput: Bool, into output: PCMBuffer,
    producedSoFar: Int
  ) throws -> Int {
    let channels = filterChannels
    var produced = producedSoFar
    var handedOver = frames == 0
    var flushing = false
    var direct = pendingFrameCount == 0 && canWriteDirectly(to: output) && produced < output.frameCapacity
    while true {
      let destination: UnsafeMutablePointer<Float>
      let room: Int
      if direct {
        destination = output.floatChannelData![0] + produced * channels
        room = output.frameCapacity - produced
      } else {
        room = Int((Double(handedOver ? 0 : frames) * ratio).rounded(.up)) + 1024
        compactPending()
        let store = pending.reserve(
          (pendingEnd + room) * channels, of: Float.self, preservingBytes: pendingEnd * channels * 4)
        destination = store + pendingEnd * channels
      }
      var done = 0
      // A NULL input means the end of input to libsoxr; a non-NULL one with no frames only
      // collects output the earlier input makes available.
      let error =
        flushing
        ? soxr_process(state, nil, 0, nil, destination, room, &done)
        : soxr_process(state, source, handedOver ? 0 : frames, nil, destination, room, &done)
      if let error {
        throw SampleRateConverterError(
          code: .library, message: "libsoxr failed: \(String(cString: error)); call reset() and convert again")
      }
      handedOver = true
      if direct { produced += done } else { pendingEnd += done }
      // A full destination means more output may be waiting.
      if done == room {
        direct = false
        continue
      }
      if endOfInput, !flushing {
        flushing = true
        continue
      }
      if flushing, done > 0 { continue }
      return produced
    }
  }

  /// Runs libsamplerate over all of `source`: straight into the output buffer while it has room
  /// and nothing is pending, the rest into the pending store.
  private func resample(
    _ state: OpaquePointer, _ source: UnsafePointer<Float>, _ frames: Int, endOfInput: Bool, into output: PCMBuffer,
    producedSoFar: Int
  ) throws -> Int {
    let channels = filterChannels
    var consumed = 0
    var produced = producedSoFar
    var data = SRC_DATA()
    data.src_ratio = ratio
    data.end_of_input = endOfInput ? 1 : 0
    if pendingFrameCount == 0, canWriteDirectly(to: output), produced < output.frameCapacity {
      let target = output.floatChannelData![0] + produced * channels
      data.data_in = source
      data.input_frames = Int(frames)
      data.data_out = target
      data.output_frames = Int(output.frameCapacity - produced)
      try process(state, &data)
      consumed += Int(data.input_frames_used)
      produced += Int(data.output_frames_gen)
      if !endOfInput, consumed == frames { return produced }
    }
    // Whatever did not fit goes to the pending store; with the end of input, keep calling until
    // libsamplerate has nothing left. A non-NULL data_in even for zero frames: libsamplerate
    // 0.2.2 ignores a flush whose data_in is NULL and drops the tail.
    while true {
      let left = frames - consumed
      let room = Int((Double(left) * ratio).rounded(.up)) + 256
      compactPending()
      let store = pending.reserve(
        (pendingEnd + room) * channels, of: Float.self, preservingBytes: pendingEnd * channels * 4)
      data.data_in = source + consumed * channels
      data.input_frames = Int(left)
      data.data_out = store + pendingEnd * channels
      data.output_frames = Int(room)
      try process(state, &data)
      consumed += Int(data.input_frames_used)
      pendingEnd += Int(data.output_frames_gen)
      let madeProgress = data.input_frames_used > 0 || data.output_frames_gen > 0
      if consumed >= frames, !endOfInput || data.output_frames_gen == 0 { break }
      if !madeProgress, !endOfInput { break }
      if !madeProgress, endOfInput, consumed >= frames { break }
    }
    return produced
  }

  private func process(_ state: OpaquePointer, _ data: inout SRC_DATA) throws {
    let status = src_process(state, &data)
    guard status == 0 else {
      throw SampleRateConverterError(
        code: .library,
        message: "libsamplerate failed: \(String(cString: src_strerror(status))); call reset() and convert again")
    }
  }

  /// Whether the resampler can write straight into the output buffer: Float32 with the filtered
  /// channel count in one plane.
  func canWriteDirectly(to output: PCMBuffer) -> Bool {
    outputFormat.sampleType == .float32 && outputFormat.channelCount == filterChannels
      && (outputFormat.isInterleaved || filterChannels == 1)
  }

  func compactPending() {
    guard pendingStart > 0 else { return }
    let channels = filterChannels
    let base = pending.pointer.assumingMemoryBound(to: Float.self)
    if pendingEnd > pendingStart {
      (base).update(from: base + pendingStart * channels, count: (pendingEnd - pendingStart) * channels)
    }
    pendingEnd -= pendingStart
    pendingStart = 0
  }

  private func appendPending(_ source: UnsafePointer<Float>, _ frames: Int) {
    guard frames > 0 else { return }
    compactPending()
    let channels = filterChannels
    let store = pending.reserve(
      (pendingEnd + frames) * channels, of: Float.self, preservingBytes: pendingEnd * channels * 4)
    (store + pendingEnd * channels).update(from: source, count: frames * channels)
    pendingEnd += frames
  }
}

// MARK: - Mixing and sample types

extension SampleRateConverter {
  /// Returns the input as interleaved Float32 with `filterChannels` channels: the buffer's own
  /// memory when it already is that, else a mix in scratch space.
  private func prepare(_ input: PCMBuffer?, frames: Int) -> UnsafePointer<Float> {
    let channels = filterChannels
    guard let input, frames > 0 else {
      return UnsafePointer(mixed.pointer.assumingMemoryBound(to: Float.self))
    }
    if inputFormat.sampleType == .float32, inputFormat.channelCount == channels,
      inputFormat.isInterleaved || channels == 1
    {
      return UnsafePointer(input.floatChannelData![0])
    }
    let target = mixed.reserve(frames * channels, of: Float.self)
    target.update(repeating: 0, count: frames * channels)
    let inputChannels = inputFormat.channelCount
    for channel in 0..<inputChannels {
      let slot = channel % channels
      // How many input channels fold into this slot, for the average.
      let sharing = (inputChannels - slot + channels - 1) / channels
      let weight = 1 / Float(sharing)
      let plane = inputFormat.isInterleaved ? 0 : channel
      let stride = input.stride
      let first = inputFormat.isInterleaved ? channel : 0
      let raw = input.rawPlane(plane)
      switch inputFormat.sampleType {
      case .float32:
        Self.accumulate(raw.assumingMemoryBound(to: Float.self), first, stride, frames, target, slot, channels, weight)
        { $0 }
      case .float64:
        Self.accumulate(raw.assumingMemoryBound(to: Double.self), first, stride, frames, target, slot, channels, weight)
        { Float($0) }
      case .int16:
        Self.accumulate(raw.assumingMemoryBound(to: Int16.self), first, stride, frames, target, slot, channels, weight)
        { SampleScaling.float($0) }
      case .int32:
        Self.accumulate(raw.assumingMemoryBound(to: Int32.self), first, stride, frames, target, slot, channels, weight)
        { SampleScaling.float($0) }
      }
    }
    return UnsafePointer(target)
  }

  @inline(__always)
  private static func accumulate<T>(
    _ source: UnsafeMutablePointer<T>, _ first: Int, _ stride: Int, _ frames: Int,
    _ target: UnsafeMutablePointer<Float>,
    _ slot: Int, _ channels: Int, _ weight: Float, _ toFloat: (T) -> Float
  ) {
    if weight == 1, channels == 1, stride == 1 {
      // The common mono case as a unit-stride loop, which the compiler vectorises.
      let source = source + first
      for frame in 0..<frames { target[frame] = toFloat(source[frame]) }
    } else if weight == 1 {
      for frame in 0..<frames { target[frame * channels + slot] = toFloat(source[first + frame * stride]) }
    } else {
      for frame in 0..<frames { target[frame * channels + slot] += toFloat(source[first + frame * stride]) * weight }
    }
  }

  /// Moves up to the output buffer's free room from the pending store into it, up-mixing and
  /// converting the sample type. Returns the frames moved.
  private func drainPending(into output: PCMBuffer, at offset: Int) -> Int {
    let frames = min(pendingFrameCount, output.frameCapacity - offset)
    guard frames > 0 else { return 0 }
    let channels = filterChannels
    let source = pending.pointer.assumingMemoryBound(to: Float.self) + pendingStart * channels
    let outputChannels = outputFormat.channelCount
    for channel in 0..<outputChannels {
      let slot = channel % channels
      let plane = outputFormat.isInterleaved ? 0 : channel
      let first = (outputFormat.isInterleaved ? channel : 0) + offset * output.stride
      let raw = output.rawPlane(plane)
      let stride = output.stride
      switch outputFormat.sampleType {
      case .float32:
        Self.spread(source, slot, channels, frames, raw.assumingMemoryBound(to: Float.self), first, stride) { $0 }
      case .float64:
        Self.spread(source, slot, channels, frames, raw.assumingMemoryBound(to: Double.self), first, stride) {
          Double($0)
        }
      case .int16:
        Self.spread(source, slot, channels, frames, raw.assumingMemoryBound(to: Int16.self), first, stride) {
          SampleScaling.int16($0)
        }
      case .int32:
        Self.spread(source, slot, channels, frames, raw.assumingMemoryBound(to: Int32.self), first, stride) {
          SampleScaling.int32(Double($0))
        }
      }
    }
    pendingStart += frames
    if pendingStart == pendingEnd {
      pendingStart = 0
      pendingEnd = 0
    }
    return frames
  }

  @inline(__always)
  private static func spread<T>(
    _ source: UnsafePointer<Float>, _ slot: Int, _ channels: Int, _ frames: Int, _ target: UnsafeMutablePointer<T>,
    _ first: Int, _ stride: Int, _ convert: (Float) -> T
  ) {
    if channels == 1, stride == 1 {
      // The common mono case as a unit-stride loop, which the compiler vectorises.
      let target = target + first
      for frame in 0..<frames { target[frame] = convert(source[frame]) }
    } else {
      for frame in 0..<frames { target[first + frame * stride] = convert(source[frame * channels + slot]) }
    }
  }
}
