import Foundation
import LiveTranscription
import ReferenceSubjects
import Simulation
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// Every check must judge a trace read back from its spill file (an hours-long session's) exactly as
/// one kept in memory: the same status, failures, virtual figures and trace hash, for the reference
/// stack on the bundled suite and for each bug-zoo variant on the scenario that catches it. A bound
/// of seven events sends nearly the whole trace of every scenario through the file.
@Suite(.serialized) struct SpilledTraceChecksTests {
  /// What a run's judgement is, wall-clock figures aside.
  static func judgement(_ result: ScenarioResult) -> String {
    let figures = result.figures.filter { $0.clock == .virtual }.sorted { $0.name < $1.name }
    return
      ([result.status.rawValue, result.traceHash] + result.failures.map { "[\($0.check)] \($0)" }
      + result.warnings.map { "warning [\($0.check)] \($0)" } + figures.map { "\($0.name)=\($0.value)" })
      .joined(separator: "\n")
  }

  static func runBoth(_ file: String, subject: SubjectFactory) throws -> (kept: String, spilled: String) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var runner = ScenarioRunner(subject: subject, snapshots: BugZooTests.snapshots)
    let path = BugZooTests.scenarios.appendingPathComponent(file).path
    runner.traceSpill = .never
    let kept = judgement(runner.run(fileAt: path, seed: nil))
    runner.traceSpill = TraceSpill(eventsInMemory: 7, directory: folder.path)
    let spilled = judgement(runner.run(fileAt: path, seed: nil))
    return (kept, spilled)
  }

  @Test func theBundledSuiteIsJudgedAlikeFromASpilledTrace() throws {
    for file in BugZooTests.files {
      let (kept, spilled) = try Self.runBoth(file, subject: .reference)
      #expect(spilled == kept, "\(file)")
    }
  }

  @Test(arguments: BugZooTests.catches)
  func eachVariantFailsAlikeFromASpilledTrace(_ entry: BugZooTests.Catch) throws {
    let (kept, spilled) = try Self.runBoth(
      entry.scenario, subject: .reference(faults: [entry.fault], inputAPI: entry.inputAPI))
    #expect(kept.hasPrefix("failed"), "\(entry.scenario) against \(entry.fault)")
    #expect(spilled == kept, "\(entry.scenario) against \(entry.fault)")
  }
}
