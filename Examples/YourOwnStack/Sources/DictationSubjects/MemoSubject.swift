import Dictation
import Foundation
import SpeechReplay

/// The voice-memo screen as a subject (`subject: { preset: file }`): start transcribes the
/// scenario's audio file; the file, not the microphone, is what the model hears.
@MainActor
final class MemoSubject: AudioFileSubject {
  let transcriber: MemoTranscriber
  let file: URL

  init(options: SubjectOptions) throws {
    guard let path = options.audioFile else { throw MemoSubjectError() }
    file = URL(fileURLWithPath: path)
    transcriber = MemoTranscriber(locale: Locale(identifier: options.locale))
  }

  func start() async { await transcriber.transcribe(fileAt: file) }
  func stop() async {}
  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { transcriber.onChange = onChange }

  var uiState: UIState {
    let phase: UIState.Phase = transcriber.errorMessage.map { .failed($0) } ?? (transcriber.isTranscribing ? .listening : .idle)
    return UIState(committed: transcriber.transcript, phase: phase, microphoneOffered: true)
  }
}

/// A file scenario without an audio file.
struct MemoSubjectError: Error, CustomStringConvertible {
  var description: String { "the memo screen transcribes the scenario's audio file, but the scenario has no 'audio'" }
}
