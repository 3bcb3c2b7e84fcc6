import LiveTranscription
import SpeechReplay

extension UIState {
  /// The reference stack's own state (``LiveTranscription/TranscriptionUIState``) in the harness's
  /// form: the one bridge between the two types. Golden files hold ``UIState/rendered``, never the
  /// stack's `description`.
  /// - Parameter state: The stack's state.
  init(_ state: TranscriptionUIState) {
    self.init(
      committed: state.committedText, volatile: state.volatileText, phase: Phase(state.phase),
      microphoneOffered: state.isMicrophoneOffered)
  }
}

extension UIState.Phase {
  /// The reference stack's phase as the harness's (the stack always knows its download progress,
  /// and always has a reason or a message).
  init(_ phase: TranscriptionUIState.Phase) {
    switch phase {
    case .idle: self = .idle
    case .preparing(let progress): self = .preparing(progress: progress)
    case .listening: self = .listening
    case .stopping: self = .stopping
    case .unavailable(let reason): self = .unavailable(reason)
    case .failed(let message): self = .failed(message)
    }
  }
}
