import AVFAudioTwin
import CoreMediaTwin

/// A buffer of audio for an analyzer, with an optional start time on the analyzer's timeline — the
/// twin of Apple's `AnalyzerInput`.
///
/// The audio must already be in the analyzer's format (see
/// ``SpeechAnalyzer/bestAvailableAudioFormat(compatibleWith:)``); the analyzer never converts.
/// Without a start time the buffer follows the previous one (the first starts at 0); a later start
/// time skips audio; an earlier one is an `audioDisordered` error.
public struct AnalyzerInput: @unchecked Sendable {
  /// The audio. It is the caller's buffer, not a copy: do not change it after yielding it.
  public let buffer: AVAudioPCMBuffer
  /// Where the buffer starts on the analyzer's timeline, or nil to follow the previous buffer.
  public let bufferStartTime: CMTime?

  /// Input that follows the previous buffer.
  public init(buffer: AVAudioPCMBuffer) {
    self.init(buffer: buffer, bufferStartTime: nil)
  }

  /// Input that starts at `bufferStartTime` (nil: follows the previous buffer).
  public init(buffer: AVAudioPCMBuffer, bufferStartTime: CMTime?) {
    self.buffer = buffer
    self.bufferStartTime = bufferStartTime
  }
}
