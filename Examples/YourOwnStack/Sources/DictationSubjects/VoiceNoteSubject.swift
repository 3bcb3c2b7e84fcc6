import Dictation
import Foundation
import SpeechReplay

/// The voice-note screen, written in real apps' idioms (``VoiceNoteRecorder``), as a subject: it
/// is given no locale (the recorder follows the device's), and the screen's state is what the
/// recorder published on the main queue.
@MainActor
final class VoiceNoteSubject: TranscriptionSubject {
  let recorder: VoiceNoteRecorder
  private var onChange: (@MainActor () -> Void)?
  private var changed: [CheckedContinuation<Void, Never>] = []

  init(bug: VoiceNoteRecorder.Bug) {
    recorder = VoiceNoteRecorder(bug: bug)
    recorder.onChange = { [weak self] in self?.recorderChanged() }
  }

  func start() async { await recorder.startRecording() }

  /// The stop button; the screen shows the recording finishing until the final result, so the
  /// stop step is over when it no longer does (as a user waits for the spinner).
  func stop() async {
    recorder.stopRecording()
    while recorder.isFinishing {
      // Checked again where the continuation is stored: found by explore (a schedule seed), the
      // last change could come between the loop's check and the store, and the stop waited forever.
      await withCheckedContinuation { continuation in
        if recorder.isFinishing { changed.append(continuation) } else { continuation.resume() }
      }
    }
  }

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { self.onChange = onChange }

  var uiState: UIState {
    let phase: UIState.Phase =
      if !recorder.canRecord {
        .unavailable("Speech recognition does not support the phone's language.")
      } else if recorder.isStarting {
        .preparing(progress: nil)
      } else if let message = recorder.errorMessage, !recorder.isRecording {
        .failed(message)
      } else if recorder.isRecording {
        .listening
      } else if recorder.isFinishing {
        .stopping
      } else {
        .idle
      }
    return UIState(
      committed: recorder.transcript, volatile: recorder.liveText, phase: phase, microphoneOffered: recorder.canRecord)
  }

  private func recorderChanged() {
    onChange?()
    let waiting = changed
    changed = []
    for continuation in waiting { continuation.resume() }
  }
}
