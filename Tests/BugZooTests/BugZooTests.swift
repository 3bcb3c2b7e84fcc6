import Foundation
import LiveTranscription
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// The bug zoo: the reference stack with one known trap switched on (``LiveTranscriber/Fault``) must
/// fail the bundled suite in Scenarios/ with a message that names the trap (the reference stack itself
/// passing it is SpeechReplayTests' BundledScenarioTests, so the suite runs once per `swift test`). Documentation/BugZoo.md is the table of variant, scenario and message.
@Suite(.serialized) struct BugZooTests {
  /// Which scenario catches a variant: the check that must fail there (an identity, not words of its
  /// message) and the trap that failure must point at.
  struct Catch: Sendable, CustomTestStringConvertible {
    let fault: LiveTranscriber.Fault
    let scenario: String
    let check: CheckID
    /// Words of the trap the failure points at; nil: it must point at none (an audio fault
    /// explains itself, and a scenario's trap about something else would mislead).
    let trap: String?
    /// The stack's input API: the 27 path's faults live in `LiveTranscription-27`.
    var inputAPI: LiveTranscriber.InputAPI = .sdk26
    var testDescription: String { fault.rawValue }
  }

  /// One entry per fault: the scenario that catches it, the check that fails and the trap it names.
  static let catches: [Catch] = [
    Catch(
      fault: .appendsVolatileResults, scenario: "volatile-replaced-final-committed.yaml",
      check: CheckID(.state, "snapshot"), trap: "appending volatile results"),
    Catch(
      fault: .skipsConversion, scenario: "hello-world.yaml", check: CheckID(.invariant, "analyzer-input-format"),
      trap: "convert every buffer"),
    Catch(
      fault: .stopsWithoutFinalizing, scenario: "stop-mid-utterance.yaml",
      check: CheckID(.invariant, "nothing-lost-at-stop"), trap: "stops without finalizing"),
    Catch(
      fault: .replacesCommittedText, scenario: "two-commands.yaml", check: CheckID(.invariant, "committed-append-only"),
      trap: "rewrites committed text"),
    Catch(
      fault: .neverClearsVolatileText, scenario: "hello-world.yaml",
      check: CheckID(.invariant, "volatile-cleared-when-final"), trap: "does not clear"),
    Catch(
      fault: .unboundedInput, scenario: "slow-model-bounded-input.yaml", check: CheckID(.invariant, "input-bounded"),
      trap: "unbounded input buffering"),
    Catch(
      fault: .noOfflineHandling, scenario: "offline-first-run.yaml", check: CheckID(.golden, "offline"),
      trap: "no offline handling"),
    Catch(
      fault: .offersMicrophoneWhenUnavailable, scenario: "unsupported-locale.yaml", check: CheckID(.state, "final"),
      trap: "offers the microphone when unavailable"),
    Catch(
      fault: .converterOutputCapacityTooSmall, scenario: "long-utterance-uneven-taps.yaml",
      check: CheckID(.diagnostics, "none"), trap: "converter output capacity too small"),
    Catch(
      fault: .neverDrainsConverter, scenario: "stop-drains-converter.yaml", check: CheckID(.audio, "tail"),
      trap: "never drains the converter"),
    Catch(
      fault: .noFlushAtStop, scenario: "stop-drains-converter.yaml", check: CheckID(.audio, "tail"),
      trap: "never drains the converter", inputAPI: .sdk27),
    Catch(
      fault: .makesConverterForWrongModules, scenario: "hello-world.yaml", check: CheckID(.state, "final"),
      trap: nil, inputAPI: .sdk27),
    Catch(
      fault: .keepsConverterAcrossRouteChange, scenario: "route-change.yaml", check: CheckID(.state, "final"),
      trap: "converter kept across a route change"),
    Catch(
      fault: .leavesAudioSessionActive, scenario: "hello-world.yaml", check: CheckID(.endState, "audioSession"),
      trap: nil),
    Catch(
      fault: .deactivatesWithoutNotifyingOthers, scenario: "hello-world.yaml",
      check: CheckID(.endState, "audioSession"), trap: nil),
    Catch(fault: .leavesRepeatingTimer, scenario: "hello-world.yaml", check: CheckID(.endState, "timer"), trap: nil),
    Catch(fault: .leavesTapInstalled, scenario: "hello-world.yaml", check: CheckID(.endState, "tap"), trap: nil),
    Catch(
      fault: .endsRecordingOnInterruption, scenario: "notification-interruption.yaml", check: CheckID(.state, "final"),
      trap: "ends the recording on any interruption"),
    Catch(
      fault: .comparesLocalesExactly, scenario: "locale-with-region-override.yaml", check: CheckID(.state, "final"),
      trap: "compares locales exactly"),
    Catch(
      fault: .fallsBackToEnglish, scenario: "unsupported-locale-not-transcribed-as-english.yaml",
      check: CheckID(.state, "final"), trap: "falls back to English"),
    Catch(
      fault: .concatenatesFinalsWithoutSeparator, scenario: "two-commands.yaml", check: CheckID(.state, "final"),
      trap: "result spacing"),
    Catch(
      fault: .addsSeparatorBlindly, scenario: "spaced-results.yaml", check: CheckID(.state, "final"),
      trap: "result spacing"),
    Catch(
      fault: .reusesOutputBuffer, scenario: "slow-model-hears-every-buffer.yaml", check: CheckID(.audio, "lost"),
      trap: nil),
    Catch(fault: .wrongSampleScale, scenario: "hello-world.yaml", check: CheckID(.audio, "tooLoud"), trap: nil),
    Catch(fault: .sendsBuffersTwice, scenario: "hello-world.yaml", check: CheckID(.audio, "repeated"), trap: nil),
    Catch(
      fault: .dropsEveryTenthBuffer, scenario: "stop-mid-utterance.yaml", check: CheckID(.audio, "lost"), trap: nil),
    Catch(
      fault: .takesFirstChannelOfStereo, scenario: "stereo-microphone-right-channel.yaml",
      check: CheckID(.audio, "silenced"), trap: nil),
    Catch(fault: .sendsSilenceWhileMuted, scenario: "hello-world.yaml", check: CheckID(.audio, "silenced"), trap: nil),
    Catch(
      fault: .ignoresInterruptionEnd, scenario: "interruption.yaml",
      check: CheckID(.invariant, "listening-hears-audio"),
      trap: "shows listening without hearing"),
    Catch(
      fault: .restartsOnlyEngineAfterRouteChange, scenario: "route-change.yaml",
      check: CheckID(.invariant, "listening-hears-audio"), trap: "shows listening without hearing"),
    Catch(
      fault: .commitsVolatileOnFinal, scenario: "volatile-replaced-final-committed.yaml",
      check: CheckID(.invariant, "committed-is-finals"), trap: "commits text that is not the model's final"),
    Catch(
      fault: .commitsFinalTwice, scenario: "hello-world.yaml", check: CheckID(.invariant, "committed-is-finals"),
      trap: "commits text that is not the model's final"),
    Catch(
      fault: .keepsStoppedAnalyzer, scenario: "analyzer-stops-mid-session.yaml", check: CheckID(.state, "final"),
      trap: "keeps the stopped analyzer"),
    Catch(
      fault: .takesDownloadReturnAsInstalled, scenario: "download-returns-while-downloading.yaml",
      check: CheckID(.state, "final"), trap: "takes the download's return as installed"),
    Catch(
      fault: .ignoresConverterError, scenario: "converter-error-mid-stream.yaml", check: CheckID(.audio, "lost"),
      trap: nil),
    Catch(
      fault: .showsListeningBeforeModelReady, scenario: "first-words-while-model-downloads.yaml",
      check: CheckID(.invariant, "listening-hears-audio"), trap: "shows listening without hearing"),
    Catch(
      fault: .tapBlockCapturesTranscriber, scenario: "dismiss-while-listening.yaml",
      check: CheckID(.dismissal, "object"), trap: nil),
    Catch(
      fault: .givesUpAfterActivationFailure, scenario: "audio-session-activation-refused.yaml",
      check: CheckID(.state, "final"), trap: "gives up after a refused activation"),
    Catch(
      fault: .restartsOnlyWhenFormatChanges, scenario: "engine-configuration-change.yaml",
      check: CheckID(.invariant, "listening-hears-audio"), trap: "shows listening without hearing"),
    Catch(
      fault: .keepsEngineAfterMediaServicesReset, scenario: "media-services-reset.yaml",
      check: CheckID(.state, "final"), trap: "keeps the engine after a media-services reset"),
    Catch(
      fault: .handlesOnlyDeprecatedInterruptions, scenario: "system-deactivation.yaml",
      check: CheckID(.invariant, "listening-hears-audio"), trap: "shows listening without hearing",
      inputAPI: .sdk27),
    Catch(
      fault: .restartsImmediatelyOnError, scenario: "model-error.yaml", check: CheckID(.invariant, "restart-backoff"),
      trap: "restarts without backoff"),
    Catch(
      fault: .keepsEveryBuffer, scenario: "long-session-memory.yaml", check: CheckID(.invariant, "memory-bounded"),
      trap: "keeps every buffer"),
    Catch(
      fault: .cancelsResultsAfterFinalize, scenario: latentOrderScenario,
      check: CheckID(.invariant, "nothing-lost-at-stop"), trap: "stops reading results too early"),
  ]

  /// The one scenario that requires the 27 SDK's deactivation context: the 26 path skips it.
  static let only27Scenario = "system-deactivation.yaml"

  /// What a correct run of `file` on the 26 path gives: passed, or skipped for ``only27Scenario``.
  static func expectedOn26(_ file: String) -> ScenarioResult.Status { file == only27Scenario ? .skipped : .passed }

  /// The one scenario that pins the late result order (`device.resultDelivery: afterFinalizeReturns`).
  static let latentOrderScenario = "final-arrives-after-finalize-returns.yaml"

  /// The bundled scenario files, sorted.
  static let files = TestFiles.scenarioFiles

  /// Scenarios the variants skip: the ten-minute session takes longer than the rest of the suite
  /// together and guards against no trap the shorter scenarios miss (the reference stack runs it in
  /// SpeechReplayTests' BundledScenarioTests).
  static let skippedForVariants: Set<String> = ["ten-minute-session.yaml"]

  static let scenarios = TestFiles.scenarios

  /// Golden files are compared, never written: a variant must not record its wrong UI text.
  static let snapshots = SnapshotOptions(record: .never)

  /// Faults that end the process as on a device (the runner's worker process reports them as a
  /// crash); each is an exit test below rather than an in-process run of the suite.
  static let trapping: [LiveTranscriber.Fault] = [.tapBlockIsolatedToMainActor]

  /// Faults the bundled suite misses on purpose: `speech-replay explore` finds them
  /// (ExplorationTests; Documentation/Explore.md).
  static let foundByExploration: Set<LiveTranscriber.Fault> = [
    .skipsConverterWhenRatesMatch, .stopGivesUpFinalizingAfterASecond, .clearsVolatileOnlySentenceFinals,
    .startsTwiceWhilePreparing,
    .stopIgnoresInFlightDownload, .capitalizesCommittedTextAtStop,
  ]

  /// Faults only another order of tasks shows: seeded schedules find them (ScheduleFaultTests).
  static let foundBySchedules: Set<LiveTranscriber.Fault> = [.appliesResultsInUnstructuredTasks]

  @Test func everyFaultHasACatch() {
    #expect(
      Set(Self.catches.map(\.fault)).union(Self.trapping).union(Self.foundByExploration).union(Self.foundBySchedules)
        == Set(LiveTranscriber.Fault.allCases))
    #expect(
      Self.catches.count + Self.trapping.count + Self.foundByExploration.count + Self.foundBySchedules.count
        == LiveTranscriber.Fault.allCases.count)
    for entry in Self.catches { #expect(Self.files.contains(entry.scenario), "\(entry.scenario) is not in Scenarios/") }
  }

  @Test(arguments: catches) func theSuiteCatchesTheVariantAndNamesTheTrap(_ entry: Catch) {
    let runner = ScenarioRunner(
      subject: .reference(faults: [entry.fault], inputAPI: entry.inputAPI), snapshots: Self.snapshots)
    var results: [String: ScenarioResult] = [:]
    for file in Self.files where !Self.skippedForVariants.contains(file) {
      results[file] = runner.run(fileAt: Self.scenarios.appendingPathComponent(file).path, seed: nil)
    }
    let failed = results.filter { $0.value.status == .failed }.keys.sorted()
    #expect(!failed.isEmpty, "no scenario fails against the variant \(entry.fault)")
    let caught = results[entry.scenario]
    #expect(
      caught?.status == .failed, "\(entry.scenario) passes against the variant \(entry.fault); failing: \(failed)")
    let failures = caught?.failures ?? []
    let naming = failures.filter { failure in
      guard failure.check == entry.check else { return false }
      guard let trap = entry.trap else { return failure.trap == nil }
      return failure.trap?.contains(trap) == true
    }
    // No failure of the run carries the scenario's trap when an audio fault caused it.
    if entry.check.family == .audio && !ScenarioTrap.narrowCauses.contains(entry.check) {
      #expect(failures.allSatisfy { !$0.message.contains("this scenario guards against") }, "\(failures)")
    }
    #expect(
      !naming.isEmpty,
      "no failure of \(entry.scenario) is \(entry.check) pointing at '\(entry.trap ?? "no trap")': \(failures.map { "[\($0.check)] trap: \($0.trap ?? "none") — \($0.message)" }.joined(separator: "\n"))"
    )
  }

  /// The end-state check names what a stop left behind and since when, and the reference stack
  /// leaves nothing on the same scenario.
  @Test func theEndStateNamesTheAudioSessionLeftActiveAndSinceWhen() {
    let file = Self.scenarios.appendingPathComponent("hello-world.yaml").path
    let leaving = ScenarioRunner(subject: .reference(faults: [.leavesAudioSessionActive]), snapshots: Self.snapshots)
      .run(fileAt: file, seed: nil)
    let endState = leaving.failures.filter { $0.check == CheckID(.endState, "audioSession") }
    #expect(endState.count == 1)
    #expect(endState.first?.message.contains("the audio session is still active (since") == true)
    #expect(endState.first?.message.contains("left behind after the stop at") == true)
    let reference = ScenarioRunner(subject: .reference, snapshots: Self.snapshots).run(fileAt: file, seed: nil)
    #expect(!reference.failures.contains { $0.check.family == .endState })
  }

  /// A timer the stack never cancels is named with its kind, its task, its interval and since when;
  /// a tap left installed with its node and since when.
  @Test func theEndStateNamesTheTimerAndTheTapLeftBehindAndSinceWhen() throws {
    let file = Self.scenarios.appendingPathComponent("hello-world.yaml").path
    let ticking = ScenarioRunner(subject: .reference(faults: [.leavesRepeatingTimer]), snapshots: Self.snapshots)
      .run(fileAt: file, seed: nil)
    let timers = ticking.failures.filter { $0.check == CheckID(.endState, "timer") }
    #expect(timers.count == 1, "\(ticking.failures)")
    let timer = try #require(timers.first?.message)
    #expect(timer.contains("left behind after the stop at"), "\(timer)")
    #expect(
      timer.contains("a repeating timer of the stack (a sleep on the injected clock, in an unnamed task"), "\(timer)")
    #expect(timer.contains("every 100ms"), "\(timer)")
    #expect(timer.contains("since "), "\(timer)")
    let tapped = ScenarioRunner(subject: .reference(faults: [.leavesTapInstalled]), snapshots: Self.snapshots)
      .run(fileAt: file, seed: nil)
    let taps = tapped.failures.filter { $0.check == CheckID(.endState, "tap") }
    #expect(taps.count == 1, "\(tapped.failures)")
    #expect(taps.first?.message.contains("bus 0' is still installed (since") == true, "\(taps)")
    #expect(!tapped.failures.contains { $0.check == CheckID(.endState, "engine") }, "the engine was stopped")
  }

  /// A main-actor-isolated tap block ends the process at the first tap buffer, with a diagnostic
  /// that names the tap, as Swift 6's isolation check does on a device.
  @Test func aMainActorTapBlockEndsTheRunNamingTheTap() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      let runner = ScenarioRunner(
        subject: .reference(faults: [.tapBlockIsolatedToMainActor]), snapshots: SnapshotOptions(record: .never))
      _ = runner.run(fileAt: TestFiles.scenarios.appendingPathComponent("hello-world.yaml").path, seed: nil)
    }
    let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      text.contains(
        "the tap block installed on AVAudioInputNode bus 0 is isolated to the main actor but runs on the audio render thread"
      ), "\(text)")
  }

  /// `cancelsResultsAfterFinalize` is latent: under the default result order (the final is read
  /// before `finalize…()` returns) every other scenario passes; only the late order shows it, and the
  /// invariant's message says the final was dropped unread.
  @Test func theLatentFaultPassesEveryScenarioOfTheDefaultOrder() throws {
    let runner = ScenarioRunner(subject: .reference(faults: [.cancelsResultsAfterFinalize]), snapshots: Self.snapshots)
    for file in Self.files where !Self.skippedForVariants.contains(file) && file != Self.latentOrderScenario {
      let result = runner.run(fileAt: Self.scenarios.appendingPathComponent(file).path, seed: nil)
      #expect(result.status == Self.expectedOn26(file), "\(file) catches the latent fault: \(result.failures)")
    }
    let late = runner.run(fileAt: Self.scenarios.appendingPathComponent(Self.latentOrderScenario).path, seed: nil)
    let message = try #require(late.failures.first { $0.check == CheckID(.invariant, "nothing-lost-at-stop") }).message
    #expect(message.contains("the model published the final \"The quick brown fox.\""), "\(message)")
    #expect(message.contains("dropped unread"), "\(message)")
  }

  /// The faults exploration finds are missed by every bundled scenario: that is why they need it.
  @Test(arguments: foundByExploration.sorted { $0.rawValue < $1.rawValue })
  func theSuiteMissesTheExplorationVariant(_ fault: LiveTranscriber.Fault) {
    let runner = ScenarioRunner(subject: .reference(faults: [fault]), snapshots: Self.snapshots)
    for file in Self.files where !Self.skippedForVariants.contains(file) {
      let result = runner.run(fileAt: Self.scenarios.appendingPathComponent(file).path, seed: nil)
      #expect(result.status == Self.expectedOn26(file), "\(file) catches \(fault): \(result.failures)")
    }
  }
}
