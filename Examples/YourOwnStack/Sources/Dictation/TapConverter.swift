import SpeechShim

/// What the tap converts with: the app's own `AVAudioConverter` on the 26 SDK (``BufferConverter``),
/// Speech's `AnalyzerInputConverter` on 27 (``AnalyzerConverter``). `Recording` picks one with
/// `#available(iOS 27, macOS 27, *)`; on Linux that is the 27 one, so the example's tests cover the
/// 26 one by asking for it (`DictationModel.usesSDK26Input`).
protocol TapConverter: AnyObject, Sendable {
  /// The format it was made for: the hardware format when the tap was installed.
  var inputFormat: AVAudioFormat { get }
  /// The analyzer inputs one tap buffer converts to now (the converter may hold some audio back).
  /// - Throws: The converter's error: the buffer's audio is lost.
  func inputs(for buffer: AVAudioPCMBuffer, at time: AVAudioTime?) throws -> [AnalyzerInput]
  /// What the converter still holds, given up at the stop or a route change.
  /// - Throws: The converter's error: the audio it held is lost.
  func drainedInputs() throws -> [AnalyzerInput]
}

extension BufferConverter: TapConverter {
  func inputs(for buffer: AVAudioPCMBuffer, at time: AVAudioTime?) throws -> [AnalyzerInput] {
    try convert(buffer).map { [AnalyzerInput(buffer: $0)] } ?? []
  }

  /// A drain that returns `.error` takes no input and leaves the filter as it was, so it is tried
  /// once more before the tail is given up (found by exploring `dictation-fixed`: a converter error
  /// on the stop's drain after an interruption lost the last 14 ms before it without a word).
  func drainedInputs() throws -> [AnalyzerInput] {
    let tail: AVAudioPCMBuffer?
    do { tail = try flush() } catch { tail = try flush() }
    return tail.map { [AnalyzerInput(buffer: $0)] } ?? []
  }
}

/// The 27 SDK's converter: Apple's `AnalyzerInputConverter`, flushed at the stop.
@available(iOS 27, macOS 27, *)
final class AnalyzerConverter: TapConverter, @unchecked Sendable {
  // @unchecked: used only from the audio thread's tap, one buffer at a time, and after the tap is removed.
  private let converter: AnalyzerInputConverter
  let inputFormat: AVAudioFormat

  init(from inputFormat: AVAudioFormat, to analyzerFormat: AVAudioFormat) {
    self.inputFormat = inputFormat
    converter = AnalyzerInputConverter(analyzerFormat: analyzerFormat) { avConverter in
      avConverter.downmix = true  // a stereo microphone: mix both sides, not just the left one
    }
  }

  func inputs(for buffer: AVAudioPCMBuffer, at time: AVAudioTime?) throws -> [AnalyzerInput] {
    // No time: the engine's sample time restarts after a route change, and the inputs follow on.
    try converter.convert(buffer, at: nil)
  }

  func drainedInputs() throws -> [AnalyzerInput] { try converter.flush() }
}
