internal import AudioPCM
import Foundation
import SimulatedDevice
import Simulation

/// Converts audio between PCM formats — sample type, interleaving, channels and sample rate — the
/// twin of `AVAudioConverter`, built on AudioPCM's streaming ``SampleRateConverter`` (the
/// device's ``SimulatedDevice/resamplingEngine``).
///
/// Two ways to convert, as on Apple platforms:
/// - ``convert(to:from:)`` for simple conversions without a rate change;
/// - ``convert(to:error:withInputFrom:)``, the pull model, for everything including resampling.
///
/// ```swift
/// let converter = AVAudioConverter(from: micFormat, to: analyzerFormat)!
/// var supplied = false
/// var conversionError: NSError?
/// converter.convert(to: out, error: &conversionError) { _, status in
///   if supplied { status.pointee = .noDataNow; return nil }
///   supplied = true
///   status.pointee = .haveData
///   return tapBuffer
/// }
/// ```
///
/// The traps of Apple's converter are kept (see `Documentation/Twins.md`): answering
/// `.endOfStream` ends the converter until ``reset()``; returning the same buffer again re-feeds
/// it; input that converts to more than the output holds stays inside the converter for the next
/// call. Each is reported as a diagnostic on ``SimulatedDevice/current``.
///
/// > Warning: Like Apple's, not thread-safe; use one converter from one task at a time.
///
/// `Sendable` as in the 26 SDK (`NS_SWIFT_SENDABLE`): a converter may be handed to another task, but
/// is still used from one at a time.
public class AVAudioConverter: NSObject, @unchecked Sendable {
  /// The format of the input buffers.
  public let inputFormat: AVAudioFormat
  /// The format of the output buffers.
  public let outputFormat: AVAudioFormat

  /// Output channel `k` takes input channel `channelMap[k]` (-1: silence) when the channel counts
  /// differ and ``downmix`` is off, or when the map is not the identity.
  ///
  /// The default maps output channel `k` to input channel `k`, or to channel 0 when the input has
  /// fewer channels (mono is copied to both channels; stereo to mono keeps only the left channel).
  public var channelMap: [NSNumber]
  /// When true and the channel counts differ, channels are mixed (averaged) instead of remapped.
  public var downmix = false
  /// Whether to dither when reducing bit depth. The twin never dithers (rounding is deterministic).
  public var dither = false
  /// The ``AVAudioQuality`` raw value for sample-rate conversion; takes effect at the start of a stream.
  public var sampleRateConverterQuality: Int = AVAudioQuality.medium.rawValue
  /// The sample-rate converter algorithm (an `AVSampleRateConverterAlgorithm_…` constant).
  public var sampleRateConverterAlgorithm: String? = AVSampleRateConverterAlgorithm_Normal
  /// How the filter is primed at the start of a stream (default ``AVAudioConverterPrimeMethod/normal``).
  public var primeMethod: AVAudioConverterPrimeMethod = .normal
  /// The input frames the filter needs around the nominal range; measured from the resampler for
  /// the current quality unless set.
  public var primeInfo: AVAudioConverterPrimeInfo {
    get { assignedPrimeInfo ?? measuredPrimeInfo(for: quality) }
    set { assignedPrimeInfo = newValue }
  }

  /// Counts live converters, so leak cycles name this type when converters pile up.
  private let liveObjects = LiveObjectTracker(AVAudioConverter.self)
  let audioInput: AudioFormat
  let audioOutput: AudioFormat
  var stream: ConversionPipeline?
  private var simple: ConversionPipeline?
  private var assignedPrimeInfo: AVAudioConverterPrimeInfo?
  /// The resampling library (``SimulatedDevice/resamplingEngine``); tests and benchmarks may pick another.
  var engine: SampleRateConverter.Engine = SimulatedDevice.resamplingEngine
  /// Whether the next input request is the first of a stream (priming asks for extra frames).
  var isFirstRequest = true
  var hasReportedUseAfterEnd = false
  var hasReportedDroppedChannel = false
  var reportedPendingFrames = 0
  /// Twin-only: the API that owns this converter and how its user drains it, for the note on a
  /// stream that ends undrained (Speech's `AnalyzerInputConverter` drains with `flush()`).
  package var ownerName = "AVAudioConverter"
  /// Twin-only: see ``ownerName``.
  package var drainAdvice =
    "at the end of a stream call convert once more with an input block that answers .endOfStream and send what comes out"

  /// Creates a converter, or returns nil when the twin cannot convert between the formats (a
  /// sample rate of 0, or a rate ratio outside libsamplerate's 1/256 … 256).
  ///
  /// - Parameters:
  ///   - fromFormat: The format of the input.
  ///   - toFormat: The format to produce.
  public init?(from fromFormat: AVAudioFormat, to toFormat: AVAudioFormat) {
    guard let input = fromFormat.audioFormat, let output = toFormat.audioFormat else { return nil }
    let ratio = output.sampleRate / input.sampleRate
    guard ratio >= 1.0 / 256, ratio <= 256 else { return nil }
    inputFormat = fromFormat
    outputFormat = toFormat
    audioInput = input
    audioOutput = output
    channelMap = (0..<output.channelCount).map { NSNumber(value: $0 < input.channelCount ? $0 : 0) }
    super.init()
  }

  deinit { reportUndrainedTail(when: "released") }

  /// Notes a stream that ends (the converter is released or reset) with audio still inside the
  /// filter: what a device loses silently at every stop of an app that never drains its converter.
  private func reportUndrainedTail(when event: String) {
    guard let stream, stream.hasStarted, !stream.hasEnded else { return }
    let held = stream.heldFrameCount
    guard held > 0 else { return }
    let milliseconds = Int((Double(held) / stream.outputRate * 1000).rounded())
    SimulatedDevice.current.diagnose(
      ownerName,
      "the converter was \(event) with \(held) frames (\(milliseconds) ms) of the stream's newest audio still inside its filter (the resampler's look-ahead), so they never reach the output, as on a device; \(drainAdvice), or the end of the last word before a stop can be lost",
      level: .note)
  }

  /// Forgets the stream: filter state, held-back output and the end of stream, so a new stream can
  /// be converted. Settings changed since the stream started take effect now.
  public func reset() {
    reportUndrainedTail(when: "reset")
    stream = nil
    isFirstRequest = true
    hasReportedUseAfterEnd = false
    reportedPendingFrames = 0
  }

  /// Converts without a sample-rate change: sample type, interleaving and channels.
  ///
  /// - Parameters:
  ///   - outputBuffer: A buffer in ``outputFormat`` with a capacity of at least the input's length.
  ///   - inputBuffer: A buffer in ``inputFormat``.
  /// - Throws: `NSError` in `NSOSStatusErrorDomain` with code -50 (`kAudio_ParamError`) when the
  ///   rates differ, a buffer's format is not the converter's, or the output is too small.
  public func convert(to outputBuffer: AVAudioPCMBuffer, from inputBuffer: AVAudioPCMBuffer) throws {
    guard inputFormat.sampleRate == outputFormat.sampleRate else {
      throw Self.parameterError(
        "convert(to:from:) does not change sample rates (\(rate(inputFormat)) → \(rate(outputFormat))); use convert(to:error:withInputFrom:) for sample-rate conversion"
      )
    }
    try checkFormats(input: inputBuffer, output: outputBuffer)
    guard outputBuffer.frameCapacity >= inputBuffer.frameLength else {
      throw Self.parameterError(
        "the output buffer holds \(outputBuffer.frameCapacity) frames but the input has \(inputBuffer.frameLength); give an output buffer with a frameCapacity of at least the input's frameLength"
      )
    }
    let pipeline = try makePipeline(reusing: simple, leadingSilence: 0)
    simple = pipeline
    reportDroppedChannel()
    pipeline.reset()
    do {
      _ = try pipeline.convert(inputBuffer.storage, into: outputBuffer.storage, at: 0, endOfInput: true)
    } catch {
      throw Self.parameterError("the conversion failed: \(error)")
    }
    Simulation.current?.trace.record(
      .converterConvert,
      [
        "from": rate(inputFormat), "to": rate(outputFormat), "frames": String(outputBuffer.frameLength), "pending": "0",
        "status": "haveData",
      ])
  }

  /// `<AVAudioConverter: <AVAudioFormat: …> → <AVAudioFormat: …>>`.
  public override var description: String { "<AVAudioConverter: \(inputFormat) → \(outputFormat)>" }
}

// MARK: - Settings

extension AVAudioConverter {
  /// The project's quality level for the current quality and algorithm (see `Documentation/Twins.md`
  /// for what each engine runs at each level).
  var quality: SampleRateConverter.Quality {
    if sampleRateConverterAlgorithm == AVSampleRateConverterAlgorithm_Mastering { return .best }
    switch sampleRateConverterQuality {
    case ..<AVAudioQuality.low.rawValue: return .linear
    case ..<AVAudioQuality.medium.rawValue: return .fastest
    case ..<AVAudioQuality.high.rawValue: return .medium
    default: return .best
    }
  }

  /// Builds a pipeline for the current settings, or returns `current` when they have not changed.
  func makePipeline(reusing current: ConversionPipeline?, leadingSilence: Int) throws -> ConversionPipeline {
    let map: [Int]? =
      (downmix && audioInput.channelCount != audioOutput.channelCount) ? nil : channelMap.map { $0.intValue }
    if let map,
      map.count != audioOutput.channelCount || map.contains(where: { $0 >= audioInput.channelCount || $0 < -1 })
    {
      throw Self.parameterError(
        "channelMap \(map) does not fit \(audioInput.channelCount) input and \(audioOutput.channelCount) output channels; give one input channel (or -1) per output channel"
      )
    }
    let settings = ConversionPipeline.Settings(
      quality: quality, engine: engine, map: map, leadingSilence: leadingSilence)
    if let current, current.settings == settings { return current }
    do {
      return try ConversionPipeline(from: audioInput, to: audioOutput, settings: settings)
    } catch {
      throw Self.parameterError("the converter could not be set up: \(error)")
    }
  }

  /// The resampler's read-ahead for `quality`: the output frames a block of input does not yet
  /// produce, expressed in input frames. It depends only on the rates, quality and engine, so
  /// ``PrimeInfoCache`` measures it once per process rather than once per converter.
  func measuredPrimeInfo(for quality: SampleRateConverter.Quality) -> AVAudioConverterPrimeInfo {
    guard audioInput.sampleRate != audioOutput.sampleRate else { return AVAudioConverterPrimeInfo() }
    return PrimeInfoCache.shared.info(
      for: .init(inputRate: audioInput.sampleRate, outputRate: audioOutput.sampleRate, quality: quality, engine: engine)
    )
  }

  func checkFormats(input: AVAudioPCMBuffer?, output: AVAudioPCMBuffer) throws {
    if let input, input.storage.format != audioInput {
      throw Self.parameterError(
        "the input buffer is \(input.format) but the converter takes \(inputFormat); create a converter for the buffer's format"
      )
    }
    guard output.storage.format == audioOutput else {
      throw Self.parameterError(
        "the output buffer is \(output.format) but the converter produces \(outputFormat); allocate the output buffer with the converter's outputFormat"
      )
    }
  }

  /// Stereo to mono without `downmix` keeps only the mapped channel, as on Apple platforms; say so once.
  func reportDroppedChannel() {
    guard !hasReportedDroppedChannel, !downmix, audioInput.channelCount > audioOutput.channelCount else { return }
    hasReportedDroppedChannel = true
    let kept = channelMap.map(\.stringValue).joined(separator: ", ")
    SimulatedDevice.current.diagnose(
      "AVAudioConverter",
      "converting \(audioInput.channelCount) channels to \(audioOutput.channelCount) with downmix off keeps input channel(s) [\(kept)] and drops the others, as Apple's converter does; set downmix = true to mix them"
    )
  }

  static func parameterError(_ message: String) -> NSError {
    // kAudio_ParamError, the OSStatus Core Audio returns for a conversion it refuses.
    NSError(
      domain: NSOSStatusErrorDomain, code: -50, userInfo: [NSLocalizedDescriptionKey: "AVAudioConverter: " + message])
  }
}

private func rate(_ format: AVAudioFormat) -> String {
  format.sampleRate == format.sampleRate.rounded() ? "\(Int(format.sampleRate)) Hz" : "\(format.sampleRate) Hz"
}
