import Foundation
import SpeechReplay
import SpeechReplayTesting
import Testing

@Suite(.serialized) struct ExpectScenarioTests {
  @Test func aPassingScenarioRecordsNoIssue() {
    let result = expectScenario(at: TestFiles.scenarios.appendingPathComponent("hello-world.yaml").path, subject: .twin)
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
      result = expectScenario(at: path, subject: .twin, seed: 2)
    } matching: { issue in
      let text = issue.comments.map(\.rawValue).joined()
      return text.hasPrefix("scenario 'wrong' (seed 2): \(path):7:")
    }
    #expect(result?.failures.count == 2)
  }
}
