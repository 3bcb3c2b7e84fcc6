import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// Every file in Scenarios/ against the reference stack, once per `swift test`: each must pass, keep
/// every invariant and match its golden files (none obsolete). The bug zoo (BugZooTests) runs the
/// same files against the stack with one trap switched on; `.ci/run` checks determinism across processes.
@Suite(.serialized) struct BundledScenarioTests {
  static let files = TestFiles.scenarioFiles

  @Test(arguments: files) func passesAgainstTheReferenceStack(file: String) {
    // Golden files are compared (or written when SPEECH_REPLAY_RECORD asks), and a file no snapshot uses fails.
    let snapshots = SnapshotOptions(record: (try? SnapshotRecordMode.fromEnvironment()) ?? .never, failOnObsolete: true)
    let path = TestFiles.scenarios.appendingPathComponent(file).path
    // A scenario only the 27 SDK can pass (it requires `sessionDeactivationContext`) runs on the 27 path.
    let requirements = (try? Scenario.load(fileAt: path).requirements) ?? []
    let subject: SubjectFactory =
      Set(requirements).isSubset(of: SubjectFactory.reference.capabilities) ? .reference : .reference27
    let run = ScenarioRunner(subject: subject, snapshots: snapshots).replay(fileAt: path, seed: nil)
    #expect(run.result.status == .passed, "\(run.result.failures.map(\.description).joined(separator: "\n"))")
    #expect(!run.timeline.events.isEmpty)
    #expect(!run.result.traceHash.isEmpty)
    // Every invariant, including those a scenario expects to break or switches off, holds on the reference stack.
    #expect(InvariantChecker(timeline: run.timeline).violations() == [], "\(file)")
  }

  @Test func everyGoldenFolderBelongsToABundledScenario() throws {
    let folders = try FileManager.default.contentsOfDirectory(
      atPath: TestFiles.scenarios.appendingPathComponent("__Snapshots__").path
    )
    .filter { !$0.hasPrefix(".") }  // .gitattributes, .editorconfig
    let stems = Set(Self.files.map { ($0 as NSString).deletingPathExtension })
    #expect(
      Set(folders).subtracting(stems).isEmpty,
      "golden folders without a scenario: \(Set(folders).subtracting(stems).sorted())")
  }
}

extension BundledScenarioTests {
  @Test func theReferenceStackReportsItsOwnFailureText() {
    let run = ScenarioRunner(subject: .reference).replay(
      fileAt: TestFiles.scenarios.appendingPathComponent("offline-first-run.yaml").path, seed: nil)
    let phase = run.snapshots["offline"]?.phase.description ?? ""
    #expect(phase.hasPrefix("failed: ") && phase != "failed: ", "\(phase)")
    #expect(run.timeline.events(of: "ui.state").contains { $0["phase"]?.hasPrefix("preparing") == true })
  }
}

extension BundledScenarioTests {
  @Test func theReferenceStackGivesTheSameTraceForTheSameSeed() {
    let path = TestFiles.scenarios.appendingPathComponent("two-commands.yaml").path  // microphone jitter is seeded
    let first = ScenarioRunner(subject: .reference).replay(fileAt: path, seed: nil)
    let second = ScenarioRunner(subject: .reference).replay(fileAt: path, seed: nil)
    let other = ScenarioRunner(subject: .reference).replay(fileAt: path, seed: 8)
    #expect(first.result.seed == 7, "the scenario's seed")
    #expect(first.result.traceHash == second.result.traceHash)
    #expect(first.timeline == second.timeline)
    #expect(first.result.traceHash != other.result.traceHash)
    #expect(other.result.status == .passed, "\(other.result.failures)")
  }
}
