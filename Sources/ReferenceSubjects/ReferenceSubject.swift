import Foundation
import LiveTranscription
import Simulation
import SpeechReplay

/// The reference stack (module `LiveTranscription`) as a subject: what `speech-replay` runs.
///
/// Options: `locale`; `inputBufferLimit` bounds the stack's analyzer input queue in buffers;
/// `options: { dictationFallback: "true" }` makes the stack use `DictationTranscriber` where
/// `SpeechTranscriber` is unavailable. The stack's download-progress polling runs on the
/// simulation's virtual clock.
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
  ///   - inputAPI: The SDK whose input API the stack uses (the 26 one by default).
  init(options: SubjectOptions, faults: Set<LiveTranscriber.Fault> = [], inputAPI: LiveTranscriber.InputAPI = .sdk26) {
    var configuration = LiveTranscriber.Configuration(clock: VirtualClock())
    configuration.faults = faults
    configuration.inputAPI = inputAPI
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

  var uiState: UIState { UIState(transcriber.uiState) }

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) {
    transcriber.onStateChange = { [weak self] _ in
      if let self, let capture { capture.record(uiState) }
      onChange()
    }
  }
}
