import AVFAudioTwin
import AVFAudioTwinTapAPI
import Foundation
import SimulatedDevice
import Simulation
import Synchronization

/// A request to recognize speech from audio buffers the app appends — the twin of Apple's
/// `SFSpeechAudioBufferRecognitionRequest`.
///
/// ```swift
/// let request = SFSpeechAudioBufferRecognitionRequest()
/// let task = recognizer.recognitionTask(with: request) { result, error in … }
/// input.installTap(onBus: 0, bufferSize: 1024, format: format) { buffer, _ in request.append(buffer) }
/// // … when the user stops:
/// request.endAudio()
/// ```
///
/// Buffers appended before the task starts wait for it. Traps kept, with a diagnostic each:
/// buffers after `endAudio()` are ignored; a buffer whose sample rate or channel count differs
/// from the first buffer's is ignored (no text for that audio, no error); a request can serve one
/// task only (a second task traps, as Apple's raises an exception); a request released without
/// `endAudio()` leaves its task running forever.
public final class SFSpeechAudioBufferRecognitionRequest: SFSpeechRecognitionRequest, @unchecked Sendable {
  private let state = Mutex(State())
  private let events: AsyncStream<RecognitionAudioEvent>
  private let continuation: AsyncStream<RecognitionAudioEvent>.Continuation
  private let device = SimulatedDevice.current
  private let liveObjects = LiveObjectTracker(SFSpeechAudioBufferRecognitionRequest.self)

  private struct State {
    var ended = false
    var taken = false
    var reportedLateAppend = false
  }

  /// Creates a request.
  public override init() {
    (events, continuation) = AsyncStream.makeStream(of: RecognitionAudioEvent.self)
    super.init()
  }

  deinit {
    if !state.withLock({ $0.ended }) {
      if state.withLock({ $0.taken }) {
        device.diagnose(
          "SFSpeechAudioBufferRecognitionRequest",
          "the request was released without endAudio(); its recognition task keeps waiting for audio, never delivers a final result and holds its resources — call endAudio() (or the task's finish() or cancel())"
        )
      }
      continuation.yield(.abandoned)
      continuation.finish()
    }
  }

  /// The format recognition prefers: 16 kHz mono Float32 on the simulated device. Buffers in the
  /// microphone's format are accepted too (as on devices, where the tap's buffers are appended as
  /// they are).
  public var nativeAudioFormat: AVAudioFormat {
    AVAudioFormat(commonFormat: .pcmFormatFloat32, sampleRate: 16_000, channels: 1, interleaved: false)!
  }

  /// Appends audio to the end of the recognition stream. Safe to call from the audio tap.
  public func append(_ audioPCMBuffer: AVAudioPCMBuffer) {
    let (ended, firstLate) = state.withLock { state -> (Bool, Bool) in
      guard state.ended else { return (false, false) }
      defer { state.reportedLateAppend = true }
      return (true, !state.reportedLateAppend)
    }
    if firstLate {
      device.diagnose(
        "SFSpeechAudioBufferRecognitionRequest",
        "append(_:) was called after endAudio() (or the task's finish() or cancel()); Apple's request ignores the audio — remove the tap when you end the audio"
      )
    }
    guard !ended else { return }
    continuation.yield(.audio(RecognitionAudioPiece(audioPCMBuffer)))
  }

  /// Marks the end of the audio: the task finishes recognizing what it has and delivers its final
  /// result. Later calls do nothing.
  public func endAudio() {
    let first = state.withLock { state -> Bool in
      defer { state.ended = true }
      return !state.ended
    }
    guard first else { return }
    Simulation.current?.trace.record(.recognitionAudioEnded, ["source": "endAudio"])
    continuation.yield(.end)
    continuation.finish()
  }

  override func makeAudioSource() -> RecognitionAudioSource {
    let reused = state.withLock { state -> Bool in
      defer { state.taken = true }
      return state.taken
    }
    if reused {
      device.diagnose(
        "SFSpeechAudioBufferRecognitionRequest",
        "the request was passed to a second recognition task; Apple's framework raises an exception and the app ends — create a new SFSpeechAudioBufferRecognitionRequest for every task"
      )
      SpeechFrameworkException.raise("SFSpeechAudioBufferRecognitionRequest cannot be re-used")
    }
    return RecognitionAudioSource(events: events, finish: { [weak self] in self?.finishFromTask() }, label: "buffers")
  }

  /// `finish()` on the task: no more audio is accepted.
  private func finishFromTask() {
    let first = state.withLock { state -> Bool in
      defer { state.ended = true }
      return !state.ended
    }
    guard first else { return }
    continuation.yield(.end)
    continuation.finish()
  }
}

/// Apple's Speech framework raises an Objective-C exception for a misuse no Swift code can catch;
/// the twin ends the process the same way, with the same reason text.
enum SpeechFrameworkException {
  static func raise(_ reason: String) -> Never {
    fatalError("*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(reason)'")
  }
}
