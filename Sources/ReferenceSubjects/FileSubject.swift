import Foundation
import LiveTranscription
import SpeechReplay

/// The reference file transcriber (`FileTranscriber`, module `LiveTranscription`) as a subject:
/// `start()` transcribes the scenario's `audio` file through `SpeechAnalyzer.analyzeSequence(from:)`
/// and returns when it is done; `stop()` cancels. Chosen with `subject: { preset: file }`.
@MainActor
final class FileSubject: AudioFileSubject {
  /// The `subject.preset` that chooses this subject.
  nonisolated static let preset = "file"

  /// The transcriber under test.
  let transcriber: FileTranscriber

  /// Creates the transcriber for the scenario's audio file.
  /// - Throws: ``FileSubjectError`` when the scenario has no `audio`.
  init(options: SubjectOptions) throws {
    guard let path = options.audioFile else { throw FileSubjectError() }
    transcriber = FileTranscriber(fileURL: URL(fileURLWithPath: path), locale: Locale(identifier: options.locale))
  }

  func start() async { await transcriber.start() }

  func stop() async { await transcriber.stop() }

  var uiState: UIState { UIState(transcriber.uiState) }

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) {
    transcriber.onStateChange = { _ in onChange() }
  }
}
