import DictationSubjects
import Foundation
import SpeechReplay
import SpeechReplayTesting
import Testing

/// The voice-note screen, written in real apps' idioms (main-queue UI updates, `Locale.current`,
/// the legacy recognizer, a silence timer), and the bugs teams ship in such code.
@Suite(.serialized) struct VoiceNoteScenarioTests {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  static func path(_ relative: String) -> String {
    folder.appendingPathComponent(relative).standardizedFileURL.path
  }

  @Test func theSilenceTimerFiresAtItsVirtualTime() throws {
    let run = ScenarioRunner(subject: .voiceNotes).replay(fileAt: Self.path("Scenarios/voice-notes-stop-after-silence.yaml"), seed: nil)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    let states = run.timeline.events.compactMap { event in UIStateEvent(fields: event.fields).map { (event.time, $0) } }
    // The last new words on screen, then the stop nobody tapped.
    let lastWords = try #require(states.last { $0.1.isListening && !$0.1.volatile.isEmpty }?.0, "no partial result was shown")
    let stopped = try #require(states.first { $0.0 > lastWords && !$0.1.isListening }?.0, "the recording never stopped")
    #expect(stopped - lastWords >= .seconds(2) && stopped - lastWords < .milliseconds(2100), "stopped \(stopped - lastWords) after the last words")
    // What stopped it is the main-queue timer's block, run at that virtual instant.
    #expect(
      run.timeline.events.contains { $0.kind == .dispatchBlock && $0["call"] == "DispatchQueue.main.asyncAfter" && $0.time == stopped },
      "no DispatchQueue.main.asyncAfter block ran at \(stopped)")
  }

  @Test func aRecordingStartedSoonAfterTheLastOneGoesOn() {
    let run = ScenarioRunner(subject: .voiceNotes).replay(fileAt: Self.path("Scenarios/voice-notes-record-again-soon.yaml"), seed: nil)
    #expect(run.snapshots["second-recording"]?.phase == .listening, "\(run.result.failures)")
    // Every check passes, the audio check included: the second recording's recognizer numbers its
    // task after the first one's (tasks are numbered per device), so its audio is compared on its
    // own timeline.
    #expect(run.result.status == .passed, "\(run.result.failures)")
    let tasks = run.timeline.events.filter { $0.kind.rawValue == "recognizer.task.start" }.map { $0["task"] }
    #expect(tasks == ["recognition en-US 1", "recognition en-US 2"], "the recognition tasks: \(tasks)")
  }

  @Test func aRouteChangeKeepsOneTaskAndOneSentence() {
    // The recorder converts the new microphone format to the one its request started with, so the
    // same task hears the whole sentence.
    let run = ScenarioRunner(subject: .voiceNotes).replay(fileAt: Self.path("../../../../Scenarios/route-change.yaml"), seed: nil)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    let tasks = run.timeline.events.filter { $0.kind.rawValue == "recognizer.task.start" }
    #expect(tasks.count == 1, "\(tasks.count) recognition tasks")
  }

  @Test func aTaskStartedAtARouteChangeIsNotSentTheWordsOfTheTaskBefore() {
    // A new task when the headset arrives hears only the second sentence, so the note holds each
    // sentence once and nothing else fails.
    let headset = ScenarioRunner(subject: .voiceNotesNewTaskAtRouteChange).run(
      fileAt: Self.path("../../../../Scenarios/bluetooth-headset-mid-session.yaml"), seed: nil)
    #expect(headset.status == .passed, "\(headset.failures)")
    // Mid-sentence, it ends a sentence at the change, and the word spoken across it is lost.
    let midSentence = ScenarioRunner(subject: .voiceNotesNewTaskAtRouteChange).run(
      fileAt: Self.path("../../../../Scenarios/route-change.yaml"), seed: nil)
    #expect(
      midSentence.failures.contains { $0.message.contains("committed text at the end is \"The quick brown. Jumps over the lazy dog.\"") },
      "\(midSentence.failures)")
  }

  @Test func aModelErrorKeepsTheWordsTheTaskHadHeard() {
    // The legacy task sends no final result when it fails, only the error: the recorder keeps its
    // last partial result, the words the user saw, as the model-error scenario expects.
    expectScenario("../../../../Scenarios/model-error.yaml", subject: .voiceNotes)
  }

  @Test(arguments: ["media-services-reset.yaml", "interruption-ends-with-media-services-reset.yaml"])
  func aMediaServicesResetGoesOnWithANewEngineAndTheSameTask(_ file: String) {
    // The old engine cannot start after the reset ('msrv'): a new engine's tap feeds the same
    // request, so the sentence spoken across the reset stays one task's (no new task, no lost word).
    let run = ScenarioRunner(subject: .voiceNotes).replay(fileAt: Self.path("../../../../Scenarios/\(file)"), seed: nil)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    let tasks = run.timeline.events.filter { $0.kind.rawValue == "recognizer.task.start" }.map { $0["task"] }
    #expect(tasks == ["recognition en-US 1"], "the recognition tasks: \(tasks)")
  }

  @Test(arguments: ["first-launch-permission-prompt.yaml", "first-launch-permission-denied.yaml"])
  func theScreenShowsTheStartWhileThePermissionPromptIsUp(_ file: String) {
    let run = ScenarioRunner(subject: .voiceNotes).replay(fileAt: Self.path("../../../../Scenarios/\(file)"), seed: nil)
    #expect(run.snapshots["prompt-showing"]?.phase == .preparing(progress: nil), "\(run.result.failures)")
    #expect(run.result.status == .passed, "\(run.result.failures)")
  }

  @Test func aScreenClosedDuringThePermissionPromptEndsTheTaskItsStartBegan() {
    // Found by explore: without the recorder's deinit ending the recording, the task stayed open
    // (`ledger-baseline-after-stop`: open recognition tasks 0 → 1).
    expectScenario("Scenarios/voice-notes-dismiss-during-prompt.yaml", subject: .voiceNotes)
  }

  @Test func aStopTappedDuringThePermissionPromptCancelsTheStart() {
    expectScenario("Scenarios/voice-notes-stop-during-prompt.yaml", subject: .voiceNotes)
  }

  @Test func aStopWhoseConverterFailsToDrainShowsTheLoss() {
    // Found by explore (seed 8): the stop's drain was the conversion that failed, its error was
    // swallowed, and the recording ended idle with its last 47 ms lost (`audio.lost`).
    expectScenario("Scenarios/voice-notes-stop-after-converter-error.yaml", subject: .voiceNotes)
  }

  @Test func aStopReturnsUnderASeededSchedule() {
    // Found by explore: the last change could come between the adapter's check and its storing of
    // the continuation, and the run never finished (a deadlock, not a failed check).
    expectScenario("Scenarios/voice-notes-stop-under-a-schedule.yaml", subject: .voiceNotes)
  }

  @Test func aRegionOverrideLocaleFindsTheLanguagesRecognizer() {
    // SFSpeechRecognizer() on a phone set to English with Spain's formats (en-US-u-rg-eszzzz).
    expectScenario("../../../../Scenarios/locale-with-region-override.yaml", subject: .voiceNotes)
  }

  @Test func aSilenceTimerLeftRunningAtTheStopIsCaught() {
    let run = ScenarioRunner(subject: .voiceNotesStaleTimer).run(fileAt: Self.path("Scenarios/voice-notes-record-again-soon.yaml"), seed: nil)
    #expect(run.status == .failed)
    #expect(
      run.failures.contains { $0.message.contains("phase at snapshot 'second-recording'") && $0.message.contains("expected 'listening'") },
      "\(run.failures)")
  }

  @Test func aStopWithoutEndAudioIsCaughtNamingTheOpenTask() {
    let run = ScenarioRunner(subject: .voiceNotesWithoutEndAudio).run(fileAt: Self.path("../../../../Scenarios/hello-world.yaml"), seed: nil)
    #expect(run.status == .failed)
    #expect(run.failures.contains { $0.message.contains("open recognition tasks 0 → 1") }, "\(run.failures)")
  }

  @Test func aScenarioInAnotherLanguageRunsOnAPhoneSetToIt() {
    // The recorder calls SFSpeechRecognizer() (Locale.current): the device's user locale is the
    // scenario's Korean, which this device does not support, so the record button is hidden.
    expectScenario("../../../../Scenarios/unsupported-locale.yaml", subject: .voiceNotes)
  }

  @Test func aPhoneSetToGermanTranscribesGerman() {
    let run = ScenarioRunner(subject: .voiceNotes).replay(fileAt: Self.path("Scenarios/voice-notes-german-phone.yaml"), seed: nil)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    let locales = run.timeline.events.filter { $0.kind.rawValue == "recognizer.task.start" }.map { $0["locale"] }
    #expect(locales == ["de-DE"], "the recognition tasks' locales: \(locales)")
  }
}
