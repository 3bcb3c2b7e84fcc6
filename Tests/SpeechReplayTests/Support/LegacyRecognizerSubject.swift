import Foundation
import SpeechReplay
import SpeechShim

/// A stack on the legacy `SFSpeechRecognizer`, written as Apple's sample "Recognizing speech in live
/// audio" writes it: the tap appends the microphone's buffers, as they are, to an
/// `SFSpeechAudioBufferRecognitionRequest`; a stop ends the audio and waits for the final result.
@MainActor
final class LegacyRecognizerSubject: TranscriptionSubject {
  /// A bug of an app's, or none.
  enum Bug: Sendable {
    case none
    /// `endAudio()` left out at the stop (found in a public app): the task never ends.
    case noEndAudio
    /// The stop cancels the task and returns at once: the engine's own tap task and the task's
    /// cancellation still wind down, in the same instant, when it returns.
    case cancelsAtStop
  }

  private let bug: Bug
  private let locale: Locale
  private let engine = AVAudioEngine()
  private var request: SFSpeechAudioBufferRecognitionRequest?
  private var task: SFSpeechRecognitionTask?
  private var committed = ""
  private var partial = ""
  private var phase: UIState.Phase = .idle
  private var finalArrived: CheckedContinuation<Void, Never>?
  private var onChange: (@MainActor () -> Void)?

  init(options: SubjectOptions, bug: Bug = .none) {
    self.bug = bug
    locale = Locale(identifier: options.locale)
  }

  /// A factory for the subject; `capabilities` as the test needs.
  nonisolated static func factory(
    _ name: String, bug: Bug = .none, capabilities: Set<SubjectCapability> = [.legacyRecognizer]
  ) -> SubjectFactory {
    SubjectFactory(name: name, capabilities: capabilities) { options in
      LegacyRecognizerSubject(options: options, bug: bug)
    }
  }

  var uiState: UIState { UIState(committed: committed, volatile: partial, phase: phase) }

  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { self.onChange = onChange }

  func start() async {
    guard phase == .idle else { return }
    let status = await withCheckedContinuation { continuation in
      SFSpeechRecognizer.requestAuthorization { continuation.resume(returning: $0) }
    }
    guard status == .authorized, let recognizer = SFSpeechRecognizer(locale: locale), recognizer.isAvailable else {
      show(.failed("Speech recognition is not available."))
      return
    }
    let request = SFSpeechAudioBufferRecognitionRequest()
    request.shouldReportPartialResults = true
    request.addsPunctuation = true
    self.request = request
    task = recognizer.recognitionTask(with: request) { [weak self] result, error in
      MainActor.assumeIsolated { self?.received(result, error) }
    }
    let input = engine.inputNode
    input.installTap(onBus: 0, bufferSize: 1024, format: input.outputFormat(forBus: 0), block: Self.tap(request))
    engine.prepare()
    do {
      try engine.start()
    } catch {
      show(.failed("The microphone could not start."))
      return
    }
    show(.listening)
  }

  /// The tap's block, made outside the main actor: the render thread calls it.
  nonisolated private static func tap(_ request: SFSpeechAudioBufferRecognitionRequest) -> AVAudioNodeTapBlock {
    { buffer, _ in request.append(buffer) }
  }

  func stop() async {
    guard phase == .listening else { return }
    engine.stop()
    engine.inputNode.removeTap(onBus: 0)
    switch bug {
    case .noEndAudio:
      show(.idle)
      return
    case .cancelsAtStop:
      task?.cancel()
      show(.idle)
      return
    case .none:
      request?.endAudio()
    }
    show(.stopping)
    if task != nil { await withCheckedContinuation { finalArrived = $0 } }
    show(.idle)
  }

  private func received(_ result: SFSpeechRecognitionResult?, _ error: (any Error)?) {
    if let result {
      if result.isFinal {
        committed += (committed.isEmpty ? "" : " ") + result.bestTranscription.formattedString
        partial = ""
      } else {
        partial = result.bestTranscription.formattedString
      }
    }
    if result?.isFinal == true || error != nil {
      partial = ""
      task = nil
      request = nil
      finalArrived?.resume()
      finalArrived = nil
    }
    onChange?()
  }

  private func show(_ phase: UIState.Phase) {
    self.phase = phase
    onChange?()
  }
}
