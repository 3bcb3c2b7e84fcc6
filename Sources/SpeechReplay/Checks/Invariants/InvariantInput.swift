import AVFAudioTwin
import Simulation
import SpeechTwin

/// An event kind an invariant reads, with the evidence that a run should have recorded it.
///
/// An invariant reading events that are not there holds trivially; so when the run did the work
/// that records them (the scenario ran steps, the microphone delivered buffers to a started
/// analyzer, …) and none were recorded, or some cannot be read, the checker reports that the
/// invariant cannot be checked instead of passing.
struct InvariantInput: Sendable {
  /// The kind read.
  var kind: TraceEvent.Kind
  /// Readable and unreadable events of the kind in a timeline.
  var counts: @Sendable (Timeline) -> (readable: Int, unreadable: Int)
  /// Why the timeline should hold events of the kind, or nil when it need not.
  var expectedBecause: @Sendable (Timeline) -> String?

  /// The input `Event`, expected when `expectedBecause` gives a reason.
  static func events<Event: TypedTraceEvent>(
    _ type: Event.Type, expectedBecause: @escaping @Sendable (Timeline) -> String?
  ) -> InvariantInput {
    InvariantInput(
      kind: Event.kind, counts: { $0.readableAndUnreadableCounts(Event.self) }, expectedBecause: expectedBecause)
  }

  /// What is wrong with this input in `timeline`, or nil when it can be read.
  func problem(in timeline: Timeline) -> String? {
    let (readable, unreadable) = counts(timeline)
    if unreadable > 0 {
      return
        "\(unreadable) of \(readable + unreadable) '\(kind)' events lack a field the check reads or have one it cannot parse; the invariant cannot be checked (the trace contract changed: see Documentation/TraceEvents.md)"
    }
    guard readable == 0, let reason = expectedBecause(timeline) else { return nil }
    return
      "no '\(kind)' events recorded although \(reason); the invariant cannot be checked (an emitter stopped recording them or renamed them: see Documentation/TraceEvents.md)"
  }

  // MARK: - The inputs

  /// `ui.state`, expected once the scenario ran a step.
  static let uiStates = events(UIStateEvent.self) { $0.count(of: .scenarioStep) > 0 ? "the scenario ran steps" : nil }

  /// `scenario.step`, expected once a UI state was recorded.
  static let steps = events(ScenarioStepEvent.self) { $0.count(of: .uiState) > 0 ? "UI states were recorded" : nil }

  /// `subject.returned`, expected when the scenario ran a `stop` step.
  static let subjectReturns = events(SubjectReturnedEvent.self) {
    $0.events(ScenarioStepEvent.self).contains { $0.isStop } ? "the scenario ran a stop step" : nil
  }

  /// `analyzer.result`, expected when the analyzer accepted input and the UI showed text (a subject
  /// may show text of its own without an analyzer).
  static let results = events(AnalyzerResultEvent.self) { timeline in
    guard timeline.contains(AnalyzerInputEvent.self, where: \.accepted),
      timeline.contains(UIStateEvent.self, where: { !$0.committed.isEmpty || !$0.volatile.isEmpty })
    else { return nil }
    return "the analyzer accepted input and the UI showed text"
  }

  /// `analyzer.input`, expected when the microphone delivered buffers after an analyzer started
  /// (two: the only one may still be on its way when the run ends, as `speech-replay explore` found)
  /// and the analyzer had to have read one: it published a result or finalized, or the run went on
  /// for ``readingAllowance`` after the second buffer. A slow model reads a long buffer late (an
  /// 8 kHz microphone's 0.6 s buffers with a model at 2.5× real time are read 1.4 s after they
  /// arrive), so a run that ends first shows the scenario's timing, not a broken emitter (found
  /// by `speech-replay explore`).
  static let analyzerInputs = events(AnalyzerInputEvent.self) { timeline in
    let events = timeline.events
    guard let start = events.firstIndex(where: { $0.kind == .analyzerStart }),
      let second = events[start...].lazy.filter({ $0.kind == .engineBuffer }).dropFirst().first
    else { return nil }
    let analyzed = events[start...].contains { $0.kind == .analyzerResult || $0.kind == .analyzerFinalize }
    guard analyzed || (events.last.map { $0.time - second.time >= readingAllowance } ?? false) else { return nil }
    return "an analyzer started and the microphone delivered buffers after it"
  }

  /// How long after a buffer arrives any analyzer must have read it, however slow its model: the
  /// longest buffer exploration draws (9600 frames at 8 kHz, 1.2 s) at the slowest model (2.5×
  /// real time) takes 3 s.
  static let readingAllowance: Duration = .seconds(10)

  /// `ledger.acquire`, expected when an engine started (the engine counts itself in the ledger).
  static let acquisitions = events(ResourceAcquiredEvent.self) {
    $0.count(of: .engineStart) > 0 ? "an audio engine started" : nil
  }
}

extension Invariant {
  /// The event kinds the invariant reads and when a run must have them.
  var inputs: [InvariantInput] {
    switch self {
    case .committedAppendOnly: [.uiStates, .steps]
    case .noStutter: [.uiStates, .results]
    case .volatileClearedWhenFinal: [.uiStates, .results]
    case .nothingLostAtStop: [.uiStates, .steps, .subjectReturns]
    case .analyzerInputFormat: [.analyzerInputs]
    case .ledgerBaselineAfterStop: [.uiStates, .steps, .subjectReturns, .acquisitions]
    case .inputBounded: [.analyzerInputs]
    case .mainActorResponsive: []  // measured by the simulation, not read from the trace
    case .listeningHearsAudio: [.uiStates, .analyzerInputs]
    case .committedIsFinals: [.uiStates, .results]
    case .restartBackoff: [.steps]
    case .memoryBounded: []  // sampled by the device, not read from the trace
    }
  }
}
