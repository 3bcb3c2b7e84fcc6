import DictationSubjects
import Foundation
import SpeechReplayTesting
import Testing

/// The app's dictation feature against the bundled scenarios and its own, in `swift test`.
@Suite(.serialized) struct DictationScenarioTests {
  /// speech-replay's bundled suite, from this repository (in an app: a copy, or the package's checkout).
  static let bundled = "../../../../Scenarios"

  @Test(arguments: ["hello-world", "download-progress", "offline-first-run", "stop-during-download", "route-change", "interruption", "dismiss-after-stop"])
  func theFixedReleasePasses(_ name: String) {
    expectScenario("\(Self.bundled)/\(name).yaml", subject: .dictationFixed)
  }

  /// The same scenarios on the 26 SDK's microphone path, which iOS 26 devices run.
  @Test(arguments: ["hello-world", "route-change", "interruption", "stop-drains-converter"])
  func theFixedReleasePassesOnThe26PathToo(_ name: String) {
    expectScenario("\(Self.bundled)/\(name).yaml", subject: .dictationFixed26)
  }

  @Test func releaseOnePointZeroFailsItsFirstRunAfterTheDownload() {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    let path = folder.appendingPathComponent("\(Self.bundled)/download-progress.yaml").standardizedFileURL.path
    let run = ScenarioRunner(subject: .dictation).run(fileAt: path, seed: nil)
    #expect(run.status == .failed)
    #expect(run.failures.contains { $0.message.contains("phase at snapshot 'ready' is 'failed: Dictation couldn't start. Please try again.', expected 'listening'") }, "\(run.failures)")
  }

  /// Found by exploring `dictation-live`: a model failure while the stop finalizes stays on screen,
  /// with the words not yet written down.
  @Test func aModelFailureWhileFinishingIsShownWithTheGuess() {
    expectScenario("Scenarios/model-fails-while-finishing.yaml", subject: .dictationLive)
  }

  /// Found by exploring `dictation-live`: the drops of a recording that ended are still reported.
  @Test func dropsOfARecordingThatEndedAreDeclared() {
    expectScenario("Scenarios/slow-model-drops-at-stop.yaml", subject: .dictationLive)
  }

  /// Found by exploring `dictation-live`: audio-system events handled after the stop are ignored.
  @Test func aRouteChangeAfterTheRecordingEndedStartsNothing() {
    expectScenario("Scenarios/route-change-after-interruption-ends-for-good.yaml", subject: .dictationLive)
  }

  /// Found by exploring `dictation-fixed` (issue 37): the sleeps a stop cancelled while the start
  /// polled a download that returned early are not left behind (the simulation's fix).
  @Test func aStopWhileTheDownloadIsPolledLeavesNoPollRunning() {
    expectScenario("Scenarios/stop-while-download-is-polled.yaml", subject: .dictationFixed)
  }

  /// Found by exploring `dictation-fixed` (seed 8): a screen dismissed while its start waited for
  /// the prompt and the model, whose start then recorded, gives the audio session back when its
  /// recording is freed without a stop.
  @Test func aScreenDismissedWhileItsStartWaitsLeavesTheSessionInactive() {
    expectScenario("Scenarios/dismiss-while-start-waits.yaml", subject: .dictationFixed)
    expectScenario("Scenarios/dismiss-while-start-waits.yaml", subject: .dictationLive)
  }

  /// Issue 37: a stop under the permission prompt gives the start up; the later denial shows nothing.
  @Test func aDenialAfterTheStopLeavesTheScreenReady() {
    expectScenario("Scenarios/stop-while-permission-prompt-shows.yaml", subject: .dictationFixed)
  }

  /// Found by exploring `dictation-fixed` (issue 37): a converter error on the route change's drain
  /// ends the recording with a message instead of losing audio silently.
  @Test func aConverterErrorAtARouteChangeEndsTheRecordingVisibly() {
    expectScenario("Scenarios/route-change-after-converter-error.yaml", subject: .dictationFixed)
  }

  /// Found by exploring `dictation-fixed`: a converter error on the stop's drain (after an
  /// interruption) is tried once more on the 26 SDK's path, so the last word's end is not lost.
  @Test func aConverterErrorOnTheStopsDrainLosesNothingOnThe26Path() {
    expectScenario("Scenarios/stop-after-interruption-converter-error.yaml", subject: .dictationFixed26)
  }

  /// The same on the 27 SDK's path: `AnalyzerInputConverter.flush()` discards what it held when it
  /// throws, so the stop ends showing the failure instead of losing the last 14 ms without a word.
  @Test func aConverterErrorOnTheStopsFlushIsShownOnThe27Path() {
    expectScenario("Scenarios/stop-after-interruption-converter-error-27.yaml", subject: .dictationFixed)
  }

  /// Issue 37: the bundled media-services scenarios, which release 1.1 failed until it made a new
  /// engine after a reset (on the 26 SDK's path too).
  @Test(arguments: ["media-services-reset", "interruption-ends-with-media-services-reset"])
  func aMediaServicesResetIsFollowedOnANewEngine(_ name: String) {
    expectScenario("\(Self.bundled)/\(name).yaml", subject: .dictationFixed)
    expectScenario("\(Self.bundled)/\(name).yaml", subject: .dictationFixed26)
  }

  @Test func ourOwnWordingIsCheckedAgainstOurOwnGoldenFile() {
    expectScenario("Scenarios/microphone-off.yaml", subject: .dictationFixed)
  }
}
