import AVFAudioTwin
import Foundation

/// A request to recognize speech in a recorded audio file — the twin of Apple's
/// `SFSpeechURLRecognitionRequest`. The task reads the whole file at once (so the task's
/// `finish()` has no effect, as Apple documents); an unreadable file fails the task with
/// `SFSpeechError` `audioReadFailed` (2).
public final class SFSpeechURLRecognitionRequest: SFSpeechRecognitionRequest, @unchecked Sendable {
  /// The file to transcribe.
  public let url: URL

  /// Creates a request for the audio file at `URL`.
  public init(url URL: URL) {
    self.url = URL
    super.init()
  }

  /// The file's URL (Apple's Objective-C name).
  public var URL: URL { url }

  override func makeAudioSource() -> RecognitionAudioSource {
    let url = url
    let events = AsyncStream<RecognitionAudioEvent> { continuation in
      do {
        let file = try AVAudioFile(forReading: url)
        guard
          let buffer = AVAudioPCMBuffer(
            pcmFormat: file.processingFormat,
            frameCapacity: AVAudioFrameCount(max(1, Int(file.processingFormat.sampleRate / 2))))
        else { throw SFSpeechError(.audioReadFailed, message: "The audio file's format cannot be read") }
        while true {
          try file.read(into: buffer)
          if buffer.frameLength == 0 { break }
          continuation.yield(.audio(RecognitionAudioPiece(buffer)))
        }
        continuation.yield(.end)
      } catch {
        continuation.yield(
          .failed(
            SFSpeechError(
              .audioReadFailed,
              message: "The audio file could not be read: \(url.lastPathComponent): \(error.localizedDescription)")))
      }
      continuation.finish()
    }
    return RecognitionAudioSource(events: events, finish: nil, label: url.lastPathComponent)
  }
}
