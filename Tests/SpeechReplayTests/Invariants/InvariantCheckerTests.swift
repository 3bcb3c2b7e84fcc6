import Foundation
import Simulation
import SpeechReplay
import SpeechTwin
import Testing

/// Each invariant caught on a stack with the one fault it names, and none raised on a stack without faults.
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

  func run(_ fault: FaultySubject.Fault, expect: String = "") throws -> ScenarioRun {
    ScenarioRunner(subject: .faulty(fault), snapshots: SnapshotOptions()).record(fileAt: try TestFiles.write(Self.yaml(expect: expect)), seed: nil)
  }

  static let cases: [(FaultySubject.Fault, Invariant, String)] = [
    (.volatileRepeatsCommitted, .noStutter, "repeats the last 4 committed words"),
    (.keepsVolatileOnFinal, .volatileClearedWhenFinal, "still showed the volatile \"the quick brown\""),
    (.replacesCommitted, .committedAppendOnly, "changed from \"The quick brown fox.\" to \"jumps\""),
    (.stopsWithoutFinalizing, .nothingLostAtStop, "tapped stop while \"jumps\" showed as volatile"),
    (.feedsMicrophoneFormat, .analyzerInputFormat, "48000 Hz"),
    (.leaksEngineOnStop, .ledgerBaselineAfterStop, "running engines 0 → 1"),
    (.holdsInputUntilStop, .inputBounded, "behind the microphone"),
  ]

  @Test(arguments: 0..<cases.count) func eachInvariantCatchesItsFault(index: Int) throws {
    let (fault, invariant, detail) = Self.cases[index]
    let run = try run(fault)
    let violation = InvariantChecker(timeline: run.timeline).firstViolation(of: invariant)
    #expect(violation?.message.contains(detail) == true, "\(fault): \(violation?.description ?? "no violation")\n\(run.timeline.events(of: .uiState).map(\.description).joined(separator: "\n"))")
    #expect(run.result.status == .failed)
    let failure = run.result.failures.first { $0.message.contains("invariant '\(invariant)' broken") }
    #expect(failure?.message.contains(invariant.trap) == true, "\(run.result.failures)")
  }

  @Test func aStackWithoutFaultsKeepsEveryInvariant() throws {
    let run = try run(.none)
    #expect(InvariantChecker(timeline: run.timeline).violations() == [])
    #expect(run.result.status == .passed, "\(run.result.failures)")
    #expect(run.timeline.count(AnalyzerInputEvent.self) > 20, "the check saw real input")
  }

  @Test(arguments: BundledScenarioTests.files) func theReferenceStackKeepsEveryInvariantOnTheBundledScenarios(file: String) {
    let run = ScenarioRunner(snapshots: SnapshotOptions()).record(fileAt: TestFiles.scenarios.appendingPathComponent(file).path, seed: nil)
    #expect(!run.timeline.events.isEmpty)
    #expect(InvariantChecker(timeline: run.timeline).violations() == [], "\(file)")
  }

  @Test func theReferenceStackReportsItsInputQueue() throws {
    let run = ScenarioRunner(snapshots: SnapshotOptions()).record(fileAt: try TestFiles.write(Self.yaml()), seed: nil)
    let reports = run.timeline.events(StackInputEvent.self)
    #expect(!reports.isEmpty)
    #expect(reports.allSatisfy { $0.limit > 0 })
    #expect(run.result.status == .passed, "\(run.result.failures)")
  }

  @Test func aQueueOverItsLimitBreaksInputBounded() {
    let events = [
      TraceEvent(sequence: 0, time: .seconds(1), kind: .stackInput, fields: [.init("queued", "3"), .init("peak", "3"), .init("dropped", "0"), .init("limit", "8")]),
      TraceEvent(sequence: 1, time: .seconds(2), kind: .stackInput, fields: [.init("queued", "9"), .init("peak", "9"), .init("dropped", "0"), .init("limit", "8")]),
    ]
    let violation = InvariantChecker(timeline: Timeline(events: events)).firstViolation(of: .inputBounded)
    #expect(violation?.message.hasPrefix("the stack's analyzer input queue held 9 buffers, over its limit of 8") == true, "\(String(describing: violation))")
    #expect(violation?.time == .seconds(2))
  }

  @Test func anInvariantExpectedToBreakPassesWhenItBreaksAndFailsWhenItHolds() throws {
    let expect = "expect:\n  invariants:\n    broken: [volatile-cleared-when-final]\n"
    let faulty = try run(.keepsVolatileOnFinal, expect: expect)
    #expect(faulty.result.status == .passed, "\(faulty.result.failures)")
    let fixed = try run(.none, expect: expect)
    #expect(fixed.result.failures.map(\.message) == [
      "the scenario expects the invariant 'volatile-cleared-when-final' to break, but it held: the bug it shows is gone; remove it from expect.invariants.broken (and move the scenario out of the bug zoo)"
    ])
    #expect(fixed.result.failures.first?.location?.line == 21)
  }

  @Test func anInvariantSwitchedOffIsNotChecked() throws {
    let run = try run(.feedsMicrophoneFormat, expect: "expect:\n  invariants:\n    off: { analyzer-input-format: \"this scenario shows the trap\" }\n")
    #expect(!run.result.failures.contains { $0.message.contains("analyzer-input-format") }, "\(run.result.failures)")
  }

  @Test func badInvariantSettingsAreLocatedErrors() throws {
    let unknown = try TestFiles.write(Self.yaml(expect: "expect:\n  invariants: { broken: [no-stuter] }\n"))
    #expect(throws: ScenarioError.self) { try Scenario.load(fileAt: unknown) }
    do { _ = try Scenario.load(fileAt: unknown) } catch {
      #expect(error.description == "\(unknown):20:26: unknown invariant 'no-stuter'; expected one of \(Invariant.allCases.map(\.rawValue).joined(separator: ", ")), did you mean 'no-stutter'?")
    }
    let noReason = try TestFiles.write(Self.yaml(expect: "expect:\n  invariants: { off: { no-stutter: } }\n"))
    do {
      _ = try Scenario.load(fileAt: noReason)
      Issue.record("an invariant switched off without a reason was accepted")
    } catch {
      #expect(error.message.hasPrefix("switching 'no-stutter' off needs a reason"))
    }
    let both = try TestFiles.write(Self.yaml(expect: "expect:\n  invariants: { broken: [no-stutter], off: { no-stutter: why } }\n"))
    do {
      _ = try Scenario.load(fileAt: both)
      Issue.record("an invariant both broken and off was accepted")
    } catch {
      #expect(error.message.contains("both expected to break and switched off"))
    }
  }
}
