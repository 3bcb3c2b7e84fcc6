import Foundation
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// A shared golden file was recorded with the reference stack, which keeps the text of earlier
/// sessions on screen after a restart; another correct stack clears it. Compared with the shared
/// file, a snapshot taken after a restart may leave out that earlier text — and nothing else.
@Suite struct GoldenRestartTests {
  static let scenario = TestFiles.scenarios.appendingPathComponent("install-and-remove.yaml").path
  static let golden = Scenario.GoldenSnapshots(
    names: ["removed-offline"], at: SourceLocation(file: scenario, line: 1, column: 1))

  static func check(_ state: UIState, restarted: Bool) -> GoldenSnapshotReport {
    GoldenSnapshotCheck(options: SnapshotOptions(variant: "clears-text-on-start")).check(
      golden, scenarioFile: scenario, states: ["removed-offline": state],
      restarted: restarted ? ["removed-offline"] : [])
  }

  @Test func afterARestartTheEarlierSessionsTextMayBeCleared() {
    let cleared = UIState(committed: "", phase: .failed("No model, and no network to get it."))
    #expect(Self.check(cleared, restarted: true).failures.isEmpty)
    #expect(Self.check(cleared, restarted: true).matched == 1)
    // Without a restart the same screen lost the user's text.
    let failures = Self.check(cleared, restarted: false).failures
    #expect(failures.count == 1)
    #expect(failures.first?.message.contains("differs from the shared golden file") == true, "\(failures)")
  }

  @Test func onlyWholeEarlierTextMayBeLeftOut() {
    // Part of a word, or text the shared file does not end with, is still a difference.
    for committed in ["world.", "Hello", "Goodbye."] {
      let state = UIState(committed: committed, phase: .failed("No model."))
      #expect(Self.check(state, restarted: true).failures.count == (committed == "world." ? 0 : 1), "\(committed)")
    }
    let other = UIState(committed: "", phase: .idle)
    #expect(Self.check(other, restarted: true).failures.count == 1, "the kind of phase is still compared")
  }

  @Test func whereTheScenarioLetsTheStackDropAudioTheTextIsEachStacksOwn() {
    // slow-model-bounded-input's shared files hold what the reference stack's queue kept (nothing):
    // a stack whose queue keeps other buffers shows other words, and is compared on the rest.
    let scenario = TestFiles.scenarios.appendingPathComponent("slow-model-bounded-input.yaml").path
    let golden = Scenario.GoldenSnapshots(names: ["final"], at: SourceLocation(file: scenario, line: 1, column: 1))
    func failures(_ state: UIState, dropsAudio: Bool) -> [ScenarioFailure] {
      GoldenSnapshotCheck(options: SnapshotOptions(variant: "keeps-other-buffers")).check(
        golden, scenarioFile: scenario, states: ["final": state], textOfKeptAudio: dropsAudio
      ).failures
    }
    let heardMore = UIState(committed: "The quick brown fox.", phase: .idle)
    #expect(failures(heardMore, dropsAudio: true).isEmpty)
    #expect(failures(heardMore, dropsAudio: false).count == 1, "without declared loss the text is compared")
    let failed = failures(UIState(committed: "The quick brown fox.", phase: .failed("Stopped.")), dropsAudio: true)
    #expect(failed.count == 1, "the kind of phase is still compared")
    #expect(failed.first?.message.contains("not text, as the scenario lets the stack drop audio") == true, "\(failed)")
  }
}
