// Examples/YourOwnStack/Sources/DictationSubjects/DictationSubject.swift
// swift-format-ignore-file
import Dictation
import Foundation
import SpeechReplay

/// The dictation screen as a speech-replay subject: the runner's start and stop are the record
/// button's taps, and the screen's text and status become a `UIState`.
@MainActor
final class DictationSubject: TranscriptionSubject, InputQueueReporting {
  let model: DictationModel

  init(options: SubjectOptions, asksFormatAfterModel: Bool, fallsBackToDictation: Bool = true, usesSDK26Input: Bool = false) {
    var settings = DictationModel.Options(
      locale: Locale(identifier: options.locale), asksFormatAfterModel: asksFormatAfterModel,
      fallsBackToDictation: fallsBackToDictation)
    // `subject: { inputBufferLimit: n }`: the scenario sizes the analyzer's input queue.
    if let limit = options.inputBufferLimit { settings.maxQueuedBuffers = limit }
    model = DictationModel(options: settings)
  }

  func start() async { await model.startRecording() }
  func stop() async { await model.stopRecording() }
  func observeUIState(_ onChange: @escaping @MainActor () -> Void) { model.onChange = onChange }

  /// The recording's queue, so the input-bounded invariant checks the bound the app keeps.
  var inputQueueStatus: InputQueueStatus? {
    model.inputQueue.map { InputQueueStatus(queued: $0.queued, peakQueued: $0.peak, dropped: $0.dropped, limit: $0.limit) }
  }

  var uiState: UIState {
    let phase: UIState.Phase =
      switch model.status {
      case .ready: .idle
      case .downloadingModel(let fraction): .preparing(progress: fraction)
      case .listening: .listening
      case .finishing: .stopping
      case .failed(let message): .failed(message)
      case .unavailable(let reason): .unavailable(reason)
      }
    return UIState(committed: model.transcript, volatile: model.liveGuess, phase: phase, microphoneOffered: model.canRecord)
  }
}
