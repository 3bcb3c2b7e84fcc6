import AVFAudioTwin
import CoreMediaTwin
import ReferenceSubjects
import Simulation
import SpeechReplay
import SpeechReplayTestSupport
import SpeechTwin
import Testing

/// An invariant whose input events are missing (or renamed) from a run that should have them
/// reports that it cannot be checked instead of passing.
@Suite(.serialized) struct InvariantInputTests {
  static func run(expect: String = "") throws -> ScenarioRun {
    ScenarioRunner(subject: .reference, snapshots: SnapshotOptions()).replay(
      fileAt: try TestFiles.write(InvariantCheckerTests.yaml(expect: expect)), seed: nil)
  }

  @Test func missingAnalyzerInputEventsAreAViolationNotAPass() throws {
    let run = try Self.run()
    #expect(InvariantChecker(timeline: run.timeline).violations() == [], "the complete run keeps every invariant")
    let withoutInputs = Timeline(events: run.timeline.events.filter { $0.kind != .analyzerInput })
    for invariant in [Invariant.analyzerInputFormat, .inputBounded] {
      let violation = InvariantChecker(timeline: withoutInputs).firstViolation(of: invariant)
      #expect(violation?.cannotBeChecked == true, "\(invariant): \(String(describing: violation))")
      #expect(
        violation?.message.hasPrefix(
          "no 'analyzer.input' events recorded although an analyzer started and the microphone delivered buffers after it; the invariant cannot be checked"
        )
          == true, "\(String(describing: violation))")
      #expect(violation?.description.hasPrefix("invariant '\(invariant)' cannot be checked") == true)
    }
  }

  /// An 8 kHz microphone's first buffer, read by a model at 2.5× real time, is read after the run
  /// ends: that is the scenario's timing, not an emitter that stopped recording `analyzer.input`.
  @Test func aSlowModelThatHasNotReadItsFirstBufferWhenTheRunEndsIsNoBrokenEmitter() throws {
    let yaml = """
      schema: 1
      name: slow model, 8 kHz microphone
      audio: audio/hello-world.wav
      device: { microphone: { sampleRate: 8000, tapFrames: 4800 } }
      model: { transcript: audio/hello-world.words.tsv }
      timing: { mode: aware, modelCost: 2.5 }
      steps: [start, { play: 1.3s }]
      """
    let run = ScenarioRunner(subject: .reference, snapshots: SnapshotOptions()).replay(
      fileAt: try TestFiles.write(yaml), seed: nil)
    #expect(run.timeline.count(of: .engineBuffer) == 2)
    #expect(run.timeline.count(of: .analyzerInput) == 0)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    // The same run with results published shows the analyzer was reading: then the events must be there.
    var events = run.timeline.events
    events.append(
      TraceEvent(
        sequence: events.count, time: .seconds(1.3), kind: .analyzerResult,
        fields: AnalyzerResultEvent(analyzer: "analyzer 1", isFinal: false, start: .zero, end: .zero, text: "hello")
          .fields))
    #expect(
      InvariantChecker(timeline: Timeline(events: events)).firstViolation(of: .inputBounded)?.cannotBeChecked == true)
  }

  @Test func renamedUIStateEventsLeaveNoTextInvariantPassing() throws {
    let run = try Self.run()
    let renamed = Timeline(
      events: run.timeline.events.map {
        var event = $0
        if event.kind == .uiState { event.kind = "ui.snapshot" }
        return event
      })
    let violations = InvariantChecker(timeline: renamed).violations()
    let uncheckable = Set(violations.filter(\.cannotBeChecked).map(\.invariant))
    #expect(
      uncheckable == [
        .committedAppendOnly, .noStutter, .volatileClearedWhenFinal, .nothingLostAtStop, .ledgerBaselineAfterStop,
        .listeningHearsAudio, .committedIsFinals,
      ], "\(violations)")
    #expect(
      violations.allSatisfy {
        !$0.cannotBeChecked || $0.message.hasPrefix("no 'ui.state' events recorded although the scenario ran steps")
      }, "\(violations)")
  }

  @Test func aRenamedFieldIsReportedAsUnreadable() throws {
    let run = try Self.run()
    let renamed = Timeline(
      events: run.timeline.events.map {
        var event = $0
        if event.kind == .analyzerInput {
          event.fields = event.fields.map { $0.name == "accepted" ? .init("ok", $0.value) : $0 }
        }
        return event
      })
    let violation = InvariantChecker(timeline: renamed).firstViolation(of: .analyzerInputFormat)
    #expect(violation?.cannotBeChecked == true)
    let inputs = run.timeline.count(of: .analyzerInput)
    #expect(
      violation?.message.hasPrefix("\(inputs) of \(inputs) 'analyzer.input' events lack a field the check reads")
        == true, "\(String(describing: violation))")
  }

  @Test func missingResultsAreAViolationWhenTheAnalyzerAcceptedInputAndTheUIShowedText() throws {
    let run = try Self.run()
    let withoutResults = Timeline(events: run.timeline.events.filter { $0.kind != .analyzerResult })
    let violation = InvariantChecker(timeline: withoutResults).firstViolation(of: .noStutter)
    #expect(
      violation?.message.hasPrefix(
        "no 'analyzer.result' events recorded although the analyzer accepted input and the UI showed text") == true,
      "\(String(describing: violation))")
  }

  @Test func aRunThatDidNoWorkNeedsNoEvents() {
    #expect(InvariantChecker(timeline: Timeline(events: [])).violations() == [])
  }
}
