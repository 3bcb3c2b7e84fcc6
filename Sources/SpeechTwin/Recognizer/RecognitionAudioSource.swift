import AVFAudioTwin
import Foundation

/// Audio as a recognition task reads it: pieces with their format, then the end.
enum RecognitionAudioEvent: Sendable {
  /// Audio appended to the request (or read from the file).
  case audio(RecognitionAudioPiece)
  /// The audio source is finished (`endAudio()`, the end of the file, or `finish()`).
  case end
  /// The request was released without `endAudio()`: the task waits for audio that never comes.
  case abandoned
  /// The file could not be read.
  case failed(any Error)
}

/// One appended buffer, reduced to what recognition needs: its length, its format and its first
/// channel as Float samples (at the buffer's own rate), and its channels' mean, which is what the
/// audio check compares with the tap (as the reference conversion down-mixes).
struct RecognitionAudioPiece: Sendable {
  let frames: Int
  let sampleRate: Double
  let channelCount: Int
  let formatDescription: String
  let samples: [Float]
  let mixed: [Float]

  init(_ buffer: AVAudioPCMBuffer) {
    frames = Int(buffer.frameLength)
    sampleRate = buffer.format.sampleRate
    channelCount = Int(buffer.format.channelCount)
    formatDescription =
      "\(Int(buffer.format.sampleRate)) Hz \(buffer.format.channelCount == 1 ? "mono" : "\(buffer.format.channelCount)-channel") \(buffer.format.commonFormat.displayName)"
    let first = (0..<frames).map { buffer.storage.sample(channel: 0, frame: $0) }
    samples = first
    let channels = channelCount
    mixed =
      channels <= 1
      ? first
      : (0..<frames).map { frame in
        (0..<channels).reduce(Float(0)) { $0 + buffer.storage.sample(channel: $1, frame: frame) } / Float(channels)
      }
  }

  /// Whether a buffer with this format may follow one with `other`'s: same rate and channels.
  func sameFormat(as other: RecognitionAudioPiece) -> Bool {
    sampleRate == other.sampleRate && channelCount == other.channelCount
  }
}

/// Where a task's audio comes from: a stream of events, and whether `finish()` should end it.
struct RecognitionAudioSource: Sendable {
  let events: AsyncStream<RecognitionAudioEvent>
  /// Ends the audio as `finish()` does (nil for files: `finish()` has no effect on them).
  let finish: (@Sendable () -> Void)?
  /// A description for traces (`buffers` or the file name).
  let label: String
  /// Whether the audio is the app's live input (appended buffers), which the harness compares with
  /// the microphone's tap; a file's audio is not.
  var isLive: Bool { finish != nil }
}
