import Foundation
import LiveTranscription
import Simulation

/// The reference stack (module `LiveTranscription`) as a subject: the CLI's default.
///
/// Options: `locale`; `inputBufferLimit` bounds the stack's analyzer input queue in buffers;
/// `options: { dictationFallback: "true" }` makes the stack use `DictationTranscriber` where
/// `SpeechTranscriber` is unavailable. The stack's download-progress polling runs on the
/// simulation's virtual clock.
// Issue 5 merge: a first adapter, written once the reference stack was on main; review with its author.
@MainActor
final class ReferenceSubject: TranscriptionSubject {
  /// The stack under test.
  let transcriber: LiveTranscriber
  /// The recorder of `run --capture`, when it runs.
  var capture: ScenarioCapture?

  /// Creates the stack for the scenario's options.
  /// - Parameters:
  ///   - options: The scenario's `subject:` options.
  ///   - faults: The bug zoo's traps to switch on; none by default.
  init(options: SubjectOptions, faults: Set<LiveTranscriber.Fault> = []) {
    var configuration = LiveTranscriber.Configuration(clock: VirtualClock())
    configuration.faults = faults
    if let limit = options.inputBufferLimit { configuration.inputLimit = .buffers(limit) }
    configuration.usesDictationFallback = options.options["dictationFallback"] == "true"
    transcriber = LiveTranscriber(locale: Locale(identifier: options.locale), configuration: configuration)
  }

  func start() async {
    capture?.record(.start)
    await transcriber.start()
  }

  func stop() async {
    capture?.record(.stop)
    await transcriber.stop()
  }

  var uiState: UIState {
    let state = transcriber.uiState
    return UIState(committed: state.committedText, volatile: state.volatileText, phase: Self.phase(state.phase), microphoneOffered: state.isMicrophoneOffered)
  }

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) {
    transcriber.onStateChange = { [weak self] _ in
      if let self, let capture { capture.record(uiState) }
      onChange()
    }
  }

  /// The reference stack's phase as the harness's.
  static func phase(_ phase: TranscriptionUIState.Phase) -> UIState.Phase {
    switch phase {
    case .idle: .idle
    case .preparing(let progress): .preparing(progress: progress)
    case .listening: .listening
    case .stopping: .stopping
    case .unavailable(let reason): .unavailable(reason)
    case .failed(let message): .failed(message)
    }
  }
}
