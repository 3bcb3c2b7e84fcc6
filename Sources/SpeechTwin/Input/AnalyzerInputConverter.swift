public import AVFAudioTwin
public import CoreMediaTwin
import Foundation
import SimulatedDevice
import Simulation

/// Converts audio of any PCM format into analyzer inputs in the analyzer's format — the twin of
/// Apple's `AnalyzerInputConverter` (27.0), which replaces the app's own `AVAudioConverter` code.
///
/// ```swift
/// let converter = try await AnalyzerInputConverter.converter(compatibleWith: [transcriber])
/// // in the tap:
/// for input in try converter.convert(AVAudioPCMBuffer(copying: buffer), at: time) { continuation.yield(input) }
/// // at the stop, before finishing the input:
/// for input in try converter.flush() { continuation.yield(input) }
/// ```
///
/// Apple's documented behaviour, kept: ``convert(_:at:)`` may hold part of the audio back (the
/// resampler's look-ahead) and return fewer frames than it was given, or none; ``flush()`` returns
/// what is held. A stop that never flushes loses the end of the last word, as on a device; the twin
/// records a note when a converter holding audio is released. The passed buffer may be retained
/// (when it already is in the analyzer's format it becomes the input itself): do not change it.
///
/// **Twin decisions** (Apple leaves them open): one internal `AVAudioConverter` per input format,
/// each shown to `configurationHandler` once; a buffer in another format than the previous one
/// flushes the previous format's held audio first, into the same result; the internal converters
/// mix a stereo input down (`downmix` true; the handler may change it). Times: a non-nil
/// `audioTime` that does not follow the previous buffer (by more than one frame) starts a new
/// stream — the held audio is flushed first — and the stream's first input carries that time
/// (`CMTime(value: sampleTime, timescale: sampleRate)` converted to the analyzer's rate); every
/// other input has a nil start time (it follows the previous one). Without times, inputs follow
/// each other from 0.
@available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
public final class AnalyzerInputConverter {
  /// The format the inputs are made in.
  let analyzerFormat: AVAudioFormat
  private let configurationHandler: ((AVAudioConverter) -> Void)?
  private var stream: Stream?
  private let liveObjects = LiveObjectTracker(AnalyzerInputConverter.self)

  /// The converter and timeline of the audio of one input format since the last discontinuity.
  private struct Stream {
    let inputFormat: AVAudioFormat
    /// Nil when the input already is in the analyzer's format.
    let converter: AVAudioConverter?
    /// The input time the next buffer follows on, in input frames; nil when the app gives no times.
    var nextInputFrame: Int64?
    /// The start time the next produced input carries (the stream's first), then nil.
    var pendingStartTime: CMTime?
  }

  /// A converter for the format the modules' analyzer wants, as
  /// ``SpeechAnalyzer/bestAvailableAudioFormat(compatibleWith:)`` answers.
  /// - Parameter modules: The analyzer's modules.
  /// - Returns: A converter to their best available format.
  /// - Throws: `SFSpeechError` `noModel` when no format is available for the modules (their
  ///   assets are not installed; **twin decision**: Apple documents no error).
  public static func converter(compatibleWith modules: [any SpeechModule]) async throws -> AnalyzerInputConverter {
    guard let format = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: modules) else {
      throw SFSpeechError(
        .noModel,
        message:
          "AnalyzerInputConverter.converter(compatibleWith:): no audio format is available for the modules; install their assets first (AssetInventory)."
      )
    }
    return AnalyzerInputConverter(analyzerFormat: format)
  }

  /// A converter to `analyzerFormat`.
  /// - Parameters:
  ///   - analyzerFormat: The analyzer's format.
  ///   - configurationHandler: Called with each `AVAudioConverter` the converter makes, to set
  ///     its quality or algorithm, before it converts anything.
  public init(analyzerFormat: AVAudioFormat, configurationHandler: ((AVAudioConverter) -> Void)? = nil) {
    self.analyzerFormat = analyzerFormat
    self.configurationHandler = configurationHandler
  }

  deinit {
    // The internal converter's own note (on its release) names this type and flush().
    stream = nil
  }

  /// Converts a buffer; returns the inputs ready now (none, one or several).
  /// - Parameters:
  ///   - buffer: PCM audio in any format the converter can convert from; do not change it afterwards.
  ///   - audioTime: When the buffer's first frame was captured, or nil to follow the previous buffer.
  /// - Returns: Inputs in the analyzer's format, in order.
  /// - Throws: `SFSpeechError` `incompatibleAudioFormats` when the buffer is not PCM audio the
  ///   converter can convert (a sample rate of 0, a ratio outside 1/256…256).
  public func convert(_ buffer: AVAudioBuffer, at audioTime: AVAudioTime?) throws -> [AnalyzerInput] {
    guard let pcm = buffer as? AVAudioPCMBuffer else {
      throw Self.incompatible("a buffer that is not PCM audio (\(buffer.format))")
    }
    var inputs: [AnalyzerInput] = []
    let startFrame = audioTime.flatMap { $0.isSampleTimeValid ? $0.sampleTime : nil }
    if let current = stream, !current.inputFormat.isEqual(pcm.format) || !Self.follows(startFrame, current) {
      inputs += try flush()
    }
    if stream == nil { stream = try makeStream(for: pcm.format, startingAt: startFrame) }
    guard var current = stream else { return inputs }
    if let next = current.nextInputFrame { current.nextInputFrame = (startFrame ?? next) + Int64(pcm.frameLength) }
    stream = current
    guard pcm.frameLength > 0 else { return inputs }
    guard let converter = current.converter else {
      inputs.append(input(pcm))
      return inputs
    }
    inputs += try pull(from: converter, endingStream: false, feeding: pcm)
    return inputs
  }

  /// Returns the audio held back for later conversion and ends the stream: the next buffer
  /// starts a new one. Call it at the stop, before finishing the analyzer's input.
  /// - Returns: The held audio as inputs (empty when nothing is held).
  /// - Throws: `SFSpeechError` `incompatibleAudioFormats` when the conversion fails.
  public func flush() throws -> [AnalyzerInput] {
    guard let current = stream else { return [] }
    defer { stream = nil }
    guard let converter = current.converter else { return [] }
    let inputs = try pull(from: converter, endingStream: true, feeding: nil)
    Simulation.current?.trace.record(.analyzerInputConverterFlush, ["inputs": String(inputs.count)])
    return inputs
  }

  private static func follows(_ startFrame: Int64?, _ stream: Stream) -> Bool {
    guard let startFrame else { return true }
    guard let next = stream.nextInputFrame else { return false }
    return abs(startFrame - next) <= 1
  }

  private func makeStream(for format: AVAudioFormat, startingAt startFrame: Int64?) throws -> Stream {
    let start = startFrame.map {
      CMTimeConvertScale(
        CMTime(value: $0, timescale: CMTimeScale(format.sampleRate.rounded())),
        timescale: CMTimeScale(analyzerFormat.sampleRate.rounded()), method: .roundHalfAwayFromZero)
    }
    var stream = Stream(inputFormat: format, converter: nil, nextInputFrame: startFrame, pendingStartTime: start)
    if format.isEqual(analyzerFormat) { return stream }
    guard let converter = AVAudioConverter(from: format, to: analyzerFormat) else {
      throw Self.incompatible("\(format)")
    }
    // Twin decision: both channels of a stereo input reach the analyzer (mixed), not the left only.
    converter.downmix = true
    converter.ownerName = "AnalyzerInputConverter"
    converter.drainAdvice = "call flush() at the stop and send the inputs it returns before finishing the input"
    configurationHandler?(converter)
    stream = Stream(inputFormat: format, converter: converter, nextInputFrame: startFrame, pendingStartTime: start)
    return stream
  }

  /// Runs the pull model: the buffer once (or the end of the stream), then output until the
  /// converter has no more for now.
  private func pull(
    from converter: AVAudioConverter, endingStream: Bool, feeding buffer: AVAudioPCMBuffer?
  ) throws
    -> [AnalyzerInput]
  {
    let ratio = analyzerFormat.sampleRate / converter.inputFormat.sampleRate
    let capacity = AVAudioFrameCount((Double(buffer?.frameLength ?? 0) * ratio).rounded(.up)) + 2_048
    nonisolated(unsafe) var pending = buffer
    var inputs: [AnalyzerInput] = []
    while true {
      guard let output = AVAudioPCMBuffer(pcmFormat: analyzerFormat, frameCapacity: capacity) else { break }
      var error: NSError?
      let status = converter.convert(to: output, error: &error) { _, status in
        if let next = pending {
          pending = nil
          status.pointee = .haveData
          return next
        }
        status.pointee = endingStream ? .endOfStream : .noDataNow
        return nil
      }
      if status == .error { throw Self.incompatible(error?.localizedDescription ?? "\(converter.inputFormat)") }
      if output.frameLength > 0 { inputs.append(input(output)) }
      // Again only while the output came back full: an ended stream's last call is not full.
      if status != .haveData || output.frameLength < output.frameCapacity { break }
    }
    if endingStream { converter.reset() }
    return inputs
  }

  /// An input for converted audio: the stream's first carries its start time.
  private func input(_ buffer: AVAudioPCMBuffer) -> AnalyzerInput {
    let start = stream?.pendingStartTime
    stream?.pendingStartTime = nil
    return AnalyzerInput(buffer: buffer, bufferStartTime: start)
  }

  private static func incompatible(_ what: String) -> SFSpeechError {
    SFSpeechError(
      .incompatibleAudioFormats,
      message:
        "AnalyzerInputConverter cannot convert \(what); give it linear PCM audio (an AVAudioPCMBuffer) at a sample rate above 0."
    )
  }
}
