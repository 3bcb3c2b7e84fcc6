import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// What `speech-replay explore` found in the reference stack with issue 31's twin faults on (seed 89,
/// 3,000 runs over the bundled suite), each from its shrunk reproducer: every one failed before the
/// stack's fix.
@Suite struct ReferenceStackExplorationFindingsTests {
  /// A download that returns while the asset is still downloading makes the stack poll the status
  /// every 100 ms; the poll slept on after the stop, a timer of the stack still scheduled while the
  /// screen said idle. The stop now cancels the poll.
  @Test func theStopEndsTheStatusPollingOfAQueuedDownload() throws {
    let run = try replay(
      """
      steps:
      - start
      - play: end
      - stop
      device:
        locales:
          installed: []
        download:
          duration: 2860ms
          returnsWhileDownloading: true
      """)
    #expect(run.finalState?.phase == .idle, "\(String(describing: run.finalState))")
    #expect(!run.result.failures.contains { $0.check.family == .endState }, "\(run.result.failures.map(\.message))")
  }

  /// A screen stopped during the model's first download and dismissed: the system's download goes
  /// on, and the stack's task waiting for it held the transcriber module, which outlived the screen.
  @Test func aScreenDismissedDuringADownloadLeavesNoTranscriberModule() throws {
    let run = try replay(
      """
      steps:
      - start
      - {wait: 17ms}
      - stop
      - dismiss
      device:
        locales:
          installed: []
        download:
          duration: 650ms
      """)
    #expect(!run.result.failures.contains { $0.check.family == .dismissal }, "\(run.result.failures.map(\.message))")
  }

  /// The converter's first call after a route change is the drain of the old route's converter; an
  /// error there (the twin's `converterFailsAt`) lost the old route's last 14 ms without a word.
  /// A conversion that returns `.error` takes no input, so the stack drains once more.
  @Test func aConverterErrorWhileDrainingAtARouteChangeLosesNoAudio() throws {
    let run = try replay(
      """
      steps:
      - start
      - play: 650ms
      - play: 200ms
      - {interrupt: 420ms}
      - {route: {sampleRate: 48000, channels: 1, sampleType: int16}}
      - {permission: deny}
      - play: end
      - stop
      device:
        converterFailsAt: 1070ms
      """)
    #expect(run.finalState?.phase == .idle, "\(String(describing: run.finalState))")
    #expect(!run.result.failures.contains { $0.check.family == .audio }, "\(run.result.failures.map(\.message))")
  }

  /// An activation the session refuses when an interruption ends: the stack aborted the session
  /// and cleared the guess on screen unfinalized. It now finalizes what the analyzer heard, so the
  /// words are committed, and then shows the failure.
  @Test func aRefusedReactivationAfterAnInterruptionCommitsTheWordsHeard() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      name: the session cannot be activated again when the call ends
      audio: audio/quick-brown-fox-48k.wav
      model:
        locale: en-US
        results:
        - { at: 0.6s, text: "the" }
        - { at: 1.1s, text: "the quick" }
      steps:
      - start
      - {play: 10ms}
      - {audioSystem: activationFails}
      - {play: 750ms}
      - {interrupt: 115ms}
      - stop
      - start

      """)
    let run = ScenarioRunner(subject: .reference).replay(fileAt: path, seed: 1)
    guard case .failed(let message)? = run.finalState?.phase else {
      Issue.record("the failure to resume is shown: \(String(describing: run.finalState))")
      return
    }
    #expect(message.contains("could not resume"), "\(message)")
    #expect(run.finalState?.committed.lowercased().contains("the") == true, "\(String(describing: run.finalState))")
    #expect(run.result.failures.isEmpty, "\(run.result.failures.map(\.message))")
  }

  /// Runs `body` (steps and device) after the hello-world audio and its transcript on the reference stack.
  private func replay(_ body: String) throws -> ScenarioRun {
    let path = try TestFiles.write(
      """
      schema: 1
      name: an exploration finding of the reference stack
      audio: audio/hello-world.wav
      model:
        profile: legacy
        locale: en-US
        transcript: audio/hello-world.words.tsv
      \(body)

      """)
    return ScenarioRunner(subject: .reference).replay(fileAt: path, seed: 1)
  }
}
