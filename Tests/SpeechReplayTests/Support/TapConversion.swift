import Foundation
import SpeechShim

/// The seeds' one-shot tap conversion, shared by the test subjects: the buffer is handed to the
/// converter once with `.haveData`, then `.noDataNow` (TN3136's pattern), into an output with
/// 1024 frames of slack.
enum TapConversion {
  /// `buffer` converted to `format`, or nil when the conversion failed.
  static func convert(
    _ buffer: AVAudioPCMBuffer, with converter: AVAudioConverter, to format: AVAudioFormat
  ) -> AVAudioPCMBuffer? {
    let capacity = AVAudioFrameCount(Double(buffer.frameLength) * format.sampleRate / buffer.format.sampleRate) + 1024
    guard let out = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: capacity) else { return nil }
    // The input block is @Sendable (the 26 SDK): its captures are marked, as apps mark them.
    nonisolated(unsafe) var supplied = false
    nonisolated(unsafe) let input = buffer
    var error: NSError?
    converter.convert(to: out, error: &error) { _, status in
      if supplied {
        status.pointee = .noDataNow
        return nil
      }
      supplied = true
      status.pointee = .haveData
      return input
    }
    return error == nil ? out : nil
  }
}
