import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import SpeechReplayTesting
import Testing

/// A subject declares the features it has; a scenario that requires another is skipped with the
/// reason, never failed — so a correct stack without file transcription or the dictation fallback
/// passes the bundled suite unedited.
@Suite struct SubjectCapabilityTests {
  /// The reference stack's live transcriber alone, as an app without those features: no capabilities.
  static let liveOnly = SubjectFactory(name: "live only") { options in
    try SubjectFactory.reference.make(
      SubjectOptions(locale: options.locale, inputBufferLimit: options.inputBufferLimit))
  }

  static func bundled(_ name: String) -> String { TestFiles.scenarios.appendingPathComponent(name).path }

  @Test(arguments: [
    ("file-transcription.yaml", "fileTranscription", 13), ("dictation-fallback.yaml", "dictationFallback", 10),
  ])
  func aBundledScenarioForAFeatureTheSubjectLacksIsSkippedWithTheReason(
    _ file: String, _ capability: String, _ line: Int
  ) throws {
    let path = Self.bundled(file)
    let result = ScenarioRunner(subject: Self.liveOnly, snapshots: SnapshotOptions()).run(fileAt: path, seed: nil)
    #expect(result.status == .skipped)
    let reason = try #require(result.failures.first)
    #expect(result.failures.count == 1)
    #expect(reason.check == CheckID(.scenario, "requires"))
    #expect(reason.location?.line == line, "\(reason)")
    #expect(
      reason.message
        == "skipped: the scenario requires '\(capability)', and the subject live only declares no capabilities; a stack that has it declares it in SubjectFactory(capabilities:)"
    )
    #expect(result.traceHash.isEmpty, "a skipped scenario does not run")
  }

  @Test func theReferenceStackDeclaresEveryCapabilityTheBundledSuiteRequires() throws {
    var required = Set<SubjectCapability>()
    for file in TestFiles.scenarioFiles {
      required.formUnion(try Scenario.load(fileAt: TestFiles.scenarios.appendingPathComponent(file).path).requirements)
    }
    #expect(
      required == [
        .fileTranscription, .dictationFallback, .speechAnalyzer, .listensThroughPauses, .sessionDeactivationContext,
      ])
    #expect(required.isSubset(of: SubjectFactory.reference27.capabilities))
    // The 26 path lacks only what the 26 SDK cannot observe.
    #expect(required.subtracting(SubjectFactory.reference.capabilities) == [.sessionDeactivationContext])
    #expect(SubjectCapability.bundled == required)
  }

  @Test func aStackWithASilenceTimerSkipsTheLongPausesItStopsAtByDesign() throws {
    let path = Self.bundled("ten-minute-session.yaml")
    let timer = SubjectFactory(
      name: "silence timer", capabilities: [.stopsAfterSilence], make: SubjectFactory.reference.make)
    let skipped = ScenarioRunner(subject: timer, snapshots: SnapshotOptions()).run(fileAt: path, seed: nil)
    #expect(skipped.status == .skipped)
    let reason = try #require(skipped.failures.first)
    #expect(reason.message.hasPrefix("skipped: the scenario requires 'listensThroughPauses'"), "\(reason.message)")
    #expect(reason.message.contains("declares stopsAfterSilence: it stops itself by design"), "\(reason.message)")
    #expect(skipped.traceHash.isEmpty, "a skipped scenario does not run")
    // Assumed of a subject that does not say it stops after silence, even one with no capabilities.
    #expect(Self.liveOnly.satisfies(.listensThroughPauses))
    #expect(!timer.satisfies(.listensThroughPauses))
  }

  @Test func aDeclaredCapabilityRunsTheScenario() throws {
    let path = try TestFiles.write(
      "schema: 1\nsubject: { requires: [punctuationMenu, dictationFallback] }\nsteps: [start, stop]\nexpect: { final: { phase: idle } }\n"
    )
    let partial = SubjectFactory(
      name: "partial", capabilities: ["punctuationMenu"], make: SubjectFactory.reference.make)
    let skipped = ScenarioRunner(subject: partial, snapshots: SnapshotOptions()).run(fileAt: path, seed: nil)
    #expect(skipped.status == .skipped)
    #expect(
      skipped.failures.first?.message.hasPrefix(
        "skipped: the scenario requires 'dictationFallback', and the subject partial declares 'punctuationMenu'")
        == true,
      "\(skipped.failures)")
    let both = SubjectFactory(
      name: "both", capabilities: ["punctuationMenu", .dictationFallback], make: SubjectFactory.reference.make)
    let ran = ScenarioRunner(subject: both, snapshots: SnapshotOptions()).run(fileAt: path, seed: nil)
    #expect(ran.status == .passed, "\(ran.failures)")
  }

  @Test func aRequirementThatIsNotAListOfNamesIsALocatedError() throws {
    func error(_ yaml: String) throws -> String {
      let path = try TestFiles.write(yaml)
      do {
        _ = try Scenario.load(fileAt: path)
        return "no error"
      } catch {
        return error.description.replacingOccurrences(of: path, with: "scenario.yaml")
      }
    }
    #expect(
      try error("schema: 1\nsubject: { requires: fileTranscription }\nsteps: [stop]\n").hasPrefix(
        "scenario.yaml:2:22: 'subject.requires' must be a list"))
    #expect(
      try error("schema: 1\nsubject: { requires: [\"file transcription\"] }\nsteps: [stop]\n")
        == "scenario.yaml:2:23: 'file transcription' is not a capability name; use letters, digits, '-', '_' or '.', such as fileTranscription or dictationFallback"
    )
    #expect(try error("schema: 1\nsubject: { require: [x] }\nsteps: [stop]\n").contains("did you mean 'requires'?"))
  }

  @Test func aSkippedScenarioIsNoIssueInATest() {
    let result = expectScenario(at: Self.bundled("dictation-fallback.yaml"), subject: Self.liveOnly)
    #expect(result.status == .skipped)
  }
}
