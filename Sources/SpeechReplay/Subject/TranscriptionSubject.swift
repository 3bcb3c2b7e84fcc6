/// A live-transcription stack the runner drives: started and stopped as a user would, observed
/// through its UI state.
///
/// Conform an app's own stack (or a thin adapter around it) in its test target and hand a
/// ``SubjectFactory`` to ``ScenarioRunner``:
///
/// ```swift
/// @MainActor final class MyDictationSubject: TranscriptionSubject {
///   let model = DictationModel()
///   func start() async { await model.toggleRecording() }
///   func stop() async { await model.toggleRecording() }
///   var uiState: UIState { UIState(committed: model.text, volatile: model.partial, phase: model.isRecording ? .listening : .idle) }
///   func observeUIState(_ onChange: @escaping @MainActor () -> Void) { model.onChange = onChange }
/// }
/// ```
///
/// Implementation requirements: every call comes on the main actor inside the simulation; `start()`
/// may suspend for as long as preparing takes (the runner goes on with the next steps meanwhile)
/// and reports failures through the UI state, never by trapping; `stop()` returns once the UI
/// shows what the user is left with; `onChange` is called after every change of ``uiState``
/// (calling it when nothing changed is harmless).
@MainActor
public protocol TranscriptionSubject: AnyObject {
  /// Starts transcribing, as the user's tap on the microphone control does.
  func start() async
  /// Stops transcribing, as the user's tap on stop does, keeping the last words.
  func stop() async
  /// What the user sees now.
  var uiState: UIState { get }
  /// Registers the runner's observer: `onChange` must be called after every change of ``uiState``.
  /// - Parameter onChange: Called on the main actor; the runner reads ``uiState`` in it.
  func observeUIState(_ onChange: @escaping @MainActor () -> Void)
}
