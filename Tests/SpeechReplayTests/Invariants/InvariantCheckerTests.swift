import Foundation
import LiveTranscription
import ReferenceSubjects
import Simulation
import SpeechReplay
import SpeechReplayTestSupport
import SpeechTwin
import Testing

/// Each invariant caught on the reference stack with the bug-zoo fault it names (``LiveTranscriber/Fault``),
/// and none raised on the reference stack itself.
@Suite(.serialized) struct InvariantCheckerTests {
  static func yaml(expect: String = "") -> String {
    """
    schema: 1
    name: fox
    audio: audio/quick-brown-fox-48k.wav
    device:
      microphone: { sampleRate: 48000, tapFrames: 4800 }
      locales: { installed: [en-US] }
    model:
      locale: en-US
      results:
        - { at: 0.6s, text: "the" }
        - { at: 1.1s, text: "the quick" }
        - { at: 1.6s, text: "the quick brown" }
        - { at: 2.2s, final: "The quick brown fox.", range: [0s, 2.2s] }
        - { at: 2.8s, text: "jumps" }
    steps:
      - start
      - play: 3s
      - stop
    \(expect)
    """
  }

  func run(_ faults: Set<LiveTranscriber.Fault>, expect: String = "", file: String? = nil) throws -> ScenarioRun {
    let path =
      try file.map { TestFiles.scenarios.appendingPathComponent($0).path } ?? TestFiles.write(Self.yaml(expect: expect))
    return ScenarioRunner(subject: .reference(faults: faults), snapshots: SnapshotOptions()).replay(
      fileAt: path, seed: nil)
  }

  /// Fault, the invariant it breaks, words of the violation, and the scenario (nil: the fox above).
  static let cases: [(LiveTranscriber.Fault, Invariant, String, String?)] = [
    (.neverClearsVolatileText, .volatileClearedWhenFinal, "still showed the volatile \"the quick brown\"", nil),
    (.replacesCommittedText, .committedAppendOnly, "to \"Set a timer for ten minutes.\"", "two-commands.yaml"),
    (.stopsWithoutFinalizing, .nothingLostAtStop, "tapped stop while \"jumps\" showed as volatile", nil),
    (.skipsConversion, .analyzerInputFormat, "48000 Hz", nil),
    (.unboundedInput, .inputBounded, "over its limit of 4", "slow-model-bounded-input.yaml"),
    (.appendsVolatileResults, .noStutter, "the model's guesses one after the other", nil),
    (.ignoresInterruptionEnd, .listeningHearsAudio, "delivered no buffer", "interruption.yaml"),
    (.restartsOnlyEngineAfterRouteChange, .listeningHearsAudio, "does not reach the analyzer", "route-change.yaml"),
    (.commitsVolatileOnFinal, .committedIsFinals, "the grey guess was committed", nil),
    (.commitsFinalTwice, .committedIsFinals, "a final was committed twice", nil),
    (.restartsImmediatelyOnError, .restartBackoff, "analyzer sessions within one second", "model-error.yaml"),
  ]

  @Test(arguments: 0..<cases.count) func eachInvariantCatchesItsFault(index: Int) throws {
    let (fault, invariant, detail, file) = Self.cases[index]
    let run = try run([fault], file: file)
    let violation = InvariantChecker(timeline: run.timeline).firstViolation(of: invariant)
    #expect(
      violation?.message.contains(detail) == true,
      "\(fault): \(violation?.description ?? "no violation")\n\(run.timeline.events(of: .uiState).map(\.description).joined(separator: "\n"))"
    )
    #expect(run.result.status == .failed)
    let failure = run.result.failures.first { $0.message.contains("invariant '\(invariant)' broken") }
    let trap = try #require(violation?.pointsAt)
    #expect(failure?.message.contains(trap) == true, "\(run.result.failures)")
    #expect(failure?.trap == trap)
  }

  /// A stack that keeps every tap buffer holds 11 MB more per minute of 48 kHz audio; the reference
  /// stack on the same 75 s session holds no more at the end than at the start.
  @Test func keepingEveryBufferBreaksMemoryBounded() throws {
    let keeping = try run([.keepsEveryBuffer], file: "long-session-memory.yaml")
    let failure = keeping.result.failures.first { $0.message.contains("invariant 'memory-bounded' broken") }
    #expect(
      failure?.message.contains("MB per minute of audio, over the bound of 1.0 MB") == true,
      "\(keeping.result.failures)")
    #expect(failure?.trap?.contains("keeps every buffer") == true)
    let reference = try run([], file: "long-session-memory.yaml")
    #expect(reference.result.status == .passed, "\(reference.result.failures)")
  }

  /// The scenario's bounds win: a generous restart bound lets the storm pass that invariant.
  @Test func theRestartBoundIsTheScenarios() throws {
    let yaml = try String(
      contentsOf: TestFiles.scenarios.appendingPathComponent("model-error.yaml"), encoding: .utf8
    ).replacingOccurrences(
      of: "../fixtures/", with: TestFiles.scenarios.appendingPathComponent("../fixtures/").path + "/")
    let bounded = yaml + "  invariants: { maximumRestartsPerSecond: 1000 }\n"
    let run = ScenarioRunner(subject: .reference(faults: [.restartsImmediatelyOnError]), snapshots: SnapshotOptions())
      .replay(fileAt: try TestFiles.write(bounded), seed: nil)
    #expect(
      !run.result.failures.contains { $0.check == CheckID(.invariant, "restart-backoff") }, "\(run.result.failures)")
  }

  @Test func aStackWithoutFaultsKeepsEveryInvariant() throws {
    let run = try run([])
    #expect(InvariantChecker(timeline: run.timeline).violations() == [])
    #expect(run.result.status == .passed, "\(run.result.failures)")
    #expect(run.timeline.count(AnalyzerInputEvent.self) > 20, "the check saw real input")
  }

  @Test func theReferenceStackReportsItsInputQueue() throws {
    let run = ScenarioRunner(subject: .reference, snapshots: SnapshotOptions()).replay(
      fileAt: try TestFiles.write(Self.yaml()), seed: nil)
    let reports = run.timeline.events(StackInputEvent.self)
    #expect(!reports.isEmpty)
    #expect(reports.allSatisfy { $0.limit > 0 })
    #expect(run.result.status == .passed, "\(run.result.failures)")
  }

  @Test func aQueueOverItsLimitBreaksInputBounded() {
    let events = [
      TraceEvent(
        sequence: 0, time: .seconds(1), kind: .stackInput,
        fields: [.init("queued", "3"), .init("peak", "3"), .init("dropped", "0"), .init("limit", "8")]),
      TraceEvent(
        sequence: 1, time: .seconds(2), kind: .stackInput,
        fields: [.init("queued", "9"), .init("peak", "9"), .init("dropped", "0"), .init("limit", "8")]),
    ]
    let violation = InvariantChecker(timeline: Timeline(events: events)).firstViolation(of: .inputBounded)
    #expect(
      violation?.message.hasPrefix("the stack's analyzer input queue held 9 buffers, over its limit of 8") == true,
      "\(String(describing: violation))")
    #expect(violation?.time == .seconds(2))
  }

  @Test func anEngineStillRunningAfterStopBreaksTheLedgerBaseline() {
    // Built from the typed views, so the events carry every field their readers require.
    func event(_ sequence: Int, _ seconds: Int, _ typed: some TypedTraceEvent) -> TraceEvent {
      TraceEvent(sequence: sequence, time: .seconds(seconds), kind: type(of: typed).kind, fields: typed.fields)
    }
    let events = [
      event(0, 0, ScenarioStepEvent(step: "start", line: 3)),
      event(1, 0, ResourceAcquiredEvent(resource: .runningEngines, label: "AVAudioEngine")),
      event(2, 2, ScenarioStepEvent(step: "stop", line: 4)),
      event(3, 2, SubjectReturnedEvent(.stop)),
      event(
        4, 2, UIStateEvent(phase: "idle", microphoneOffered: true, committed: "", volatile: "", audio: .seconds(2))),
    ]
    let violation = InvariantChecker(timeline: Timeline(events: events)).firstViolation(of: .ledgerBaselineAfterStop)
    #expect(violation?.message.contains("running engines 0 → 1") == true, "\(String(describing: violation))")
    #expect(
      violation?.message.contains("still open: running engines: AVAudioEngine") == true,
      "\(String(describing: violation))")
  }

  @Test func anInvariantExpectedToBreakPassesWhenItBreaksAndFailsWhenItHolds() throws {
    let expect = "expect:\n  invariants:\n    broken: [volatile-cleared-when-final]\n"
    let faulty = try run([.neverClearsVolatileText], expect: expect)
    #expect(faulty.result.status == .passed, "\(faulty.result.failures)")
    let fixed = try run([], expect: expect)
    #expect(
      fixed.result.failures.map(\.message) == [
        "the scenario expects the invariant 'volatile-cleared-when-final' to break, but it held: the bug it shows is gone; remove it from expect.invariants.broken (and move the scenario out of the bug zoo)"
      ])
    #expect(fixed.result.failures.first?.location?.line == 21)
  }

  @Test func anInvariantSwitchedOffIsNotChecked() throws {
    let run = try run(
      [.skipsConversion],
      expect: "expect:\n  invariants:\n    off: { analyzer-input-format: \"this scenario shows the trap\" }\n")
    #expect(!run.result.failures.contains { $0.message.contains("analyzer-input-format") }, "\(run.result.failures)")
  }

  @Test func badInvariantSettingsAreLocatedErrors() throws {
    let unknown = try TestFiles.write(Self.yaml(expect: "expect:\n  invariants: { broken: [no-stuter] }\n"))
    #expect(throws: ScenarioError.self) { try Scenario.load(fileAt: unknown) }
    do { _ = try Scenario.load(fileAt: unknown) } catch {
      #expect(
        error.description
          == "\(unknown):20:26: unknown invariant 'no-stuter'; expected one of \(Invariant.allCases.map(\.rawValue).joined(separator: ", ")), did you mean 'no-stutter'?"
      )
    }
    let noReason = try TestFiles.write(Self.yaml(expect: "expect:\n  invariants: { off: { no-stutter: } }\n"))
    do {
      _ = try Scenario.load(fileAt: noReason)
      Issue.record("an invariant switched off without a reason was accepted")
    } catch {
      #expect(error.message.hasPrefix("switching 'no-stutter' off needs a reason"))
    }
    let both = try TestFiles.write(
      Self.yaml(expect: "expect:\n  invariants: { broken: [no-stutter], off: { no-stutter: why } }\n"))
    do {
      _ = try Scenario.load(fileAt: both)
      Issue.record("an invariant both broken and off was accepted")
    } catch {
      #expect(error.message.contains("both expected to break and switched off"))
    }
  }
}
