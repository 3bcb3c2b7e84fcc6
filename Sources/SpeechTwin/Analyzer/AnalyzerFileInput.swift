import AVFAudioTwin
import AudioPCM
import Foundation
import SimulatedDevice

/// Reads an audio file as analyzer input: half-second pieces converted to the analyzer's format
/// (the analyzer's file methods convert automatically, as Apple's do), then the converter's tail.
final class AnalyzerFileInput: @unchecked Sendable {
  // Used by one reader at a time: the analyzer's own task, or the caller's task in analyzeSequence.
  private let file: AVAudioFile
  private let converter: SampleRateConverter
  private let readBuffer: AVAudioPCMBuffer
  private let outputFormat: AudioFormat
  private var finished = false

  static let pieceFrames = 8_000  // 0.5 s at 16 kHz

  init(file: AVAudioFile) throws {
    self.file = file
    guard let output = AnalyzerFormats.transcription.audioFormat, let input = file.processingFormat.audioFormat,
      let readBuffer = AVAudioPCMBuffer(
        pcmFormat: file.processingFormat, frameCapacity: AVAudioFrameCount(Self.pieceFrames))
    else { throw SFSpeechError(.audioReadFailed, message: "The audio file's format cannot be read") }
    self.outputFormat = output
    self.readBuffer = readBuffer
    self.converter = try SampleRateConverter(
      from: input, to: output, quality: .best, engine: SimulatedDevice.resamplingEngine)
  }

  /// The next piece of converted audio, or nil at the end of the file.
  func next() throws -> AnalyzerInput? {
    while !finished {
      try file.read(into: readBuffer)
      let atEnd = readBuffer.frameLength == 0
      let capacity =
        Int((Double(readBuffer.frameLength) * converter.ratio).rounded(.up)) + 1024 + converter.pendingFrameCount
      let output = PCMBuffer(format: outputFormat, frameCapacity: capacity)
      _ = try converter.convert(atEnd ? nil : readBuffer.storage, into: output, endOfInput: atEnd)
      if atEnd { finished = true }
      if output.frameLength > 0, let buffer = AVAudioPCMBuffer(adopting: output) {
        return AnalyzerInput(buffer: buffer)
      }
    }
    return nil
  }

  /// The file as an async sequence of analyzer input.
  var sequence: AsyncThrowingStream<AnalyzerInput, any Error> {
    AsyncThrowingStream { try self.next() }
  }
}
