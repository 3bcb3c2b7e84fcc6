import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import SpeechReplayTesting
import Testing

@Suite(.serialized) struct ExpectScenarioTests {
  @Test func aPassingScenarioRecordsNoIssue() {
    let result = expectScenario(
      at: TestFiles.scenarios.appendingPathComponent("hello-world.yaml").path, subject: .reference)
    #expect(result.status == .passed)
  }

  @Test func aFailingScenarioRecordsOneIssuePerFailure() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      name: wrong
      audio: audio/hello-world.wav
      model: { transcript: audio/hello-world.words.tsv }
      steps: [start, { play: end }, { wait: 1s }, stop]
      expect:
        final: { committed: "Goodbye.", phase: listening }
      """)
    var result: ScenarioResult?
    withKnownIssue {
      result = expectScenario(at: path, subject: .reference, seed: 2)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.hasPrefix("scenario 'wrong' (seed 2): \(path):7:")
    }
    #expect(result?.failures.count == 2)
  }

  @Test func snapshotOptionsChooseTheRecordModeAndTheArtefactsFolder() throws {
    let path = try TestFiles.write(
      "schema: 1\naudio: audio/hello-world.wav\nmodel: { transcript: audio/hello-world.words.tsv }\nsteps: [start, { play: end }, { wait: 1s }, stop]\nexpect:\n  golden: [final]\n",
      name: "golden.yaml")
    let folder = (path as NSString).deletingLastPathComponent
    var recorded: ScenarioResult?
    withKnownIssue {
      recorded = expectScenario(at: path, subject: .reference, snapshots: SnapshotOptions(record: .missing))
    }
    #expect(recorded?.status == .failed)  // a recorded file fails the run until it is reviewed
    #expect(FileManager.default.fileExists(atPath: folder + "/__Snapshots__/golden/final.txt"))
    let again = expectScenario(at: path, subject: .reference, snapshots: SnapshotOptions(record: .never))
    #expect(again.status == .passed, "\(again.failures)")
  }
}
