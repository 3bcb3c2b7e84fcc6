import Foundation
import SpeechReplay
import SpeechReplayTestSupport
import SpeechReplayTesting
import Testing

/// A stack on the legacy `SFSpeechRecognizer` is a subject like any other: the audio it appends to
/// its recognition request is what the audio check and the hearing invariants compare with the tap,
/// scenarios about SpeechAnalyzer are skipped (declared or inferred) with the reason, and its bugs
/// fail with messages that name them.
@Suite(.serialized) struct LegacyRecognizerSubjectTests {
  static func bundled(_ name: String) -> String { TestFiles.scenarios.appendingPathComponent(name).path }

  static func run(_ factory: SubjectFactory, _ file: String) -> ScenarioResult {
    ScenarioRunner(subject: factory, snapshots: SnapshotOptions()).run(fileAt: bundled(file), seed: nil)
  }

  @Test(arguments: ["hello-world.yaml", "two-commands.yaml", "stop-mid-utterance.yaml"])
  func aCorrectLegacyStackPassesWithItsAppendedAudioCounted(_ file: String) throws {
    let result = Self.run(LegacyRecognizerSubject.factory("legacy"), file)
    #expect(result.status == .passed, "\(result.failures)")
    let received = try #require(result.figures.first { $0.name == "audio.receivedSeconds" }?.value)
    let tap = try #require(result.figures.first { $0.name == "audio.tapSeconds" }?.value)
    #expect(received > 1, "the request's audio reached the conservation monitor")
    #expect(abs(received - tap) < 0.1, "received \(received) s of \(tap) s")
    #expect(result.figures.first { $0.name == "audio.lostSeconds" }?.value == 0)
  }

  @Test func aDeclaredLegacyStackSkipsSpeechAnalyzerScenariosBeforeRunning() throws {
    let result = Self.run(LegacyRecognizerSubject.factory("legacy"), "download-progress.yaml")
    #expect(result.status == .skipped)
    let reason = try #require(result.failures.first)
    #expect(reason.check == CheckID(.scenario, "requires"))
    #expect(
      reason.message.hasPrefix(
        "skipped: the scenario requires 'speechAnalyzer', and the subject legacy declares 'legacyRecognizer'"),
      "\(reason.message)")
    #expect(reason.message.contains("SFSpeechRecognizer"))
    #expect(result.traceHash.isEmpty, "a skipped scenario does not run")
  }

  @Test func anUndeclaredLegacyStackIsSeenToUseTheLegacyRecognizer() throws {
    let result = Self.run(LegacyRecognizerSubject.factory("app", capabilities: []), "download-progress.yaml")
    #expect(result.status == .skipped, "\(result.failures)")
    let reason = try #require(result.failures.first)
    #expect(reason.message.contains("ran SFSpeechRecognizer tasks and no SpeechAnalyzer"), "\(reason.message)")
    #expect(!result.traceHash.isEmpty, "inferred from a run")
    // Scenarios that do not require SpeechAnalyzer run as for any stack.
    #expect(Self.run(LegacyRecognizerSubject.factory("app", capabilities: []), "hello-world.yaml").status == .passed)
  }

  @Test func aLegacyStackListeningThroughALongSessionHoldsNoMoreAudio() throws {
    // Apple's request hands appended audio on to recognition and keeps none of the app's buffers;
    // the twin copies what it needs, so a legacy stack's 75 s session is judged by `memory-bounded`
    // (which fails a stack that keeps every buffer) and passes.
    let result = Self.run(LegacyRecognizerSubject.factory("legacy"), "long-session-memory.yaml")
    #expect(result.status == .passed, "\(result.failures)")
    let tap = try #require(result.figures.first { $0.name == "audio.tapSeconds" }?.value)
    #expect(tap > 60, "the microphone delivered long enough for memory-bounded to judge: \(tap) s")
  }

  @Test func aScreenWithASilenceTimerSkipsTheLongSessionsPauses() throws {
    let factory = LegacyRecognizerSubject.factory("notes", capabilities: [.legacyRecognizer, .stopsAfterSilence])
    let result = Self.run(factory, "long-session-memory.yaml")
    #expect(result.status == .skipped, "\(result.failures)")
    let reason = try #require(result.failures.first)
    #expect(reason.message.contains("requires 'listensThroughPauses'"), "\(reason.message)")
  }

  @Test func aLegacyStackSkipsTheTranscribersEquivalentLocale() throws {
    // supportedLocale(equivalentTo:) and the installed models are SpeechTranscriber's.
    let result = Self.run(LegacyRecognizerSubject.factory("legacy"), "locale-with-equivalent-installed.yaml")
    #expect(result.status == .skipped, "\(result.failures)")
    let reason = try #require(result.failures.first)
    #expect(reason.message.contains("requires 'speechAnalyzer'"), "\(reason.message)")
  }

  @Test func aStackThatNeverEndsItsAudioFailsNamingTheOpenTask() throws {
    let result = Self.run(LegacyRecognizerSubject.factory("legacy", bug: .noEndAudio), "hello-world.yaml")
    #expect(result.status == .failed)
    let ledger = try #require(
      result.failures.first { $0.check == CheckID(.invariant, "ledger-baseline-after-stop") }, "\(result.failures)")
    #expect(ledger.message.contains("open recognition tasks 0 → 1"), "\(ledger.message)")
    #expect(!ledger.message.contains("tasks 0 → 1, "), "the engine's own tap task had wound down: \(ledger.message)")
  }

  @Test func theLedgerIsMeasuredOnceASynchronousStopHasSettled() throws {
    // The stop cancels the task and returns at once, while the engine's tap task and the task's
    // cancellation still wind down in the same instant; nothing changes on screen after it.
    let path = try TestFiles.write(
      """
      schema: 1
      audio: \(TestFiles.fixtures.appendingPathComponent("audio/hello-world.wav").path)
      model: { transcript: \(TestFiles.fixtures.appendingPathComponent("audio/hello-world.words.tsv").path) }
      steps: [start, { play: end }, { wait: 1s }, stop]
      expect: { final: { phase: idle } }
      """)
    let result = ScenarioRunner(
      subject: LegacyRecognizerSubject.factory("legacy", bug: .cancelsAtStop), snapshots: SnapshotOptions()
    ).run(fileAt: path, seed: nil)
    // The volatile text showing at the cancel is lost (that is this stack's own bug); its engine and
    // task had wound down by the end of the stop's instant, so the ledger is back to its baseline.
    #expect(result.failures.map(\.check) == [CheckID(.invariant, "nothing-lost-at-stop")], "\(result.failures)")
  }
}
