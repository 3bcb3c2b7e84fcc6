internal import AudioPCM

/// One stream through AudioPCM's ``SampleRateConverter``, with Apple's channel routing in front of it
/// and appending output at an offset — the machinery behind ``AVAudioConverter``.
///
/// AudioPCM's converter always averages channels when the counts differ; Apple's converter
/// *remaps* them through `channelMap` unless `downmix` is set. So when remapping applies, input is
/// first copied channel by channel into a buffer with the output's channel count (written here
/// because AudioPCM has no channel map; a copy per buffer is cheap next to resampling).
final class ConversionPipeline {
  /// What the pipeline was built from; a change rebuilds it.
  struct Settings: Equatable {
    var quality: SampleRateConverter.Quality
    /// The library that resamples.
    var engine: SampleRateConverter.Engine
    /// Output channel `k` takes input channel `map[k]`; -1 is silence; `nil` lets AudioPCM mix.
    var map: [Int]?
    /// Silent input frames fed before the first real input (latency mode, `primeMethod = .none`).
    var leadingSilence: Int
  }

  let settings: Settings
  private let converter: SampleRateConverter
  private let inputFormat: AudioFormat
  /// The format after routing: the input's sample type, rate and layout with the output's channel count.
  private let routedFormat: AudioFormat
  private var routed: PCMBuffer?
  private var scratch: PCMBuffer?
  private var silenceFed = false

  init(from inputFormat: AudioFormat, to outputFormat: AudioFormat, settings: Settings) throws {
    self.settings = settings
    self.inputFormat = inputFormat
    if let map = settings.map, map != Array(0..<inputFormat.channelCount) {
      routedFormat = try AudioFormat(
        sampleRate: inputFormat.sampleRate, channelCount: map.count, sampleType: inputFormat.sampleType,
        isInterleaved: inputFormat.isInterleaved)
    } else {
      routedFormat = inputFormat
    }
    // Low latency: an app's converter feeds a live analyzer, so what it holds back is heard late.
    converter = try SampleRateConverter(
      from: routedFormat, to: outputFormat, quality: settings.quality, engine: settings.engine, isLowLatency: true)
  }

  /// Whether the last call that supplied input converted more than its output buffer held (the
  /// app's output is too small for its input, not the resampler's blocks).
  var lastOutputWasTooSmall = false
  /// Converted frames held back because an output buffer was full.
  var pendingFrameCount: Int { converter.pendingFrameCount }
  /// Whether any input or end of input reached the converter since creation or reset.
  var hasStarted: Bool { converter.totalFramesConsumed > 0 || converter.hasReceivedEndOfInput || silenceFed }
  /// Whether the end of input was given.
  var hasEnded: Bool { converter.hasReceivedEndOfInput }
  /// Output frames the input so far converts to that the filter still holds (its look-ahead),
  /// not counting ``pendingFrameCount``; they come out with more input or the end of the stream.
  var heldFrameCount: Int {
    max(
      0,
      Int((Double(converter.totalFramesConsumed) * converter.ratio).rounded()) - converter.totalFramesProduced
        - converter.pendingFrameCount)
  }
  /// The output sample rate.
  var outputRate: Double { converter.outputFormat.sampleRate }

  func reset() {
    converter.reset()
    lastOutputWasTooSmall = false
    silenceFed = false
  }

  /// Converts `input` (or drains, with `nil`) into `output` from frame `offset`, up to its capacity.
  /// - Returns: Frames appended; `output.frameLength` becomes `offset` plus them.
  func convert(_ input: PCMBuffer?, into output: PCMBuffer, at offset: Int, endOfInput: Bool = false) throws -> Int {
    let room = output.frameCapacity - offset
    var source = input
    if let input, routedFormat != inputFormat { source = route(input) }
    if source != nil, !silenceFed, settings.leadingSilence > 0 {
      silenceFed = true
      let silence = PCMBuffer(format: routedFormat, frameCapacity: settings.leadingSilence)
      silence.frameLength = settings.leadingSilence
      try appendConverted(silence, into: output, at: offset, room: room, endOfInput: false)
      let first = output.frameLength - offset
      return first
        + (try appendConverted(source, into: output, at: offset + first, room: room - first, endOfInput: endOfInput))
    }
    return try appendConverted(source, into: output, at: offset, room: room, endOfInput: endOfInput)
  }

  @discardableResult
  private func appendConverted(
    _ input: PCMBuffer?, into output: PCMBuffer, at offset: Int, room: Int, endOfInput: Bool
  ) throws -> Int {
    if offset == 0 {
      return try converter.convert(input, into: output, endOfInput: endOfInput).framesProduced
    }
    // SampleRateConverter writes from a buffer's start and keeps what does not fit, so convert
    // into a scratch buffer exactly as large as the room left, then append it.
    let target: PCMBuffer
    if let scratch, scratch.frameCapacity == room {
      target = scratch
    } else {
      target = PCMBuffer(format: output.format, frameCapacity: max(room, 0))
      scratch = target
    }
    let produced = try converter.convert(input, into: target, endOfInput: endOfInput).framesProduced
    output.frameLength = offset + produced
    target.copyFrames(produced, into: output, at: offset)
    return produced
  }

  /// Copies input channels into the routed layout: output channel `k` ← input channel `map[k]`.
  private func route(_ input: PCMBuffer) -> PCMBuffer {
    let frames = input.frameLength
    let buffer: PCMBuffer
    if let routed, routed.frameCapacity >= frames {
      buffer = routed
    } else {
      buffer = PCMBuffer(format: routedFormat, frameCapacity: max(frames, 1))
      routed = buffer
    }
    buffer.frameLength = frames
    let width = inputFormat.sampleType.byteCount
    for (target, source) in (settings.map ?? []).enumerated() {
      for frame in 0..<frames {
        let to = buffer.samplePointer(channel: target, frame: frame)
        if source < 0 {
          to.initializeMemory(as: UInt8.self, repeating: 0, count: width)
        } else {
          to.copyMemory(from: input.samplePointer(channel: source, frame: frame), byteCount: width)
        }
      }
    }
    return buffer
  }
}
