import CoreMediaTwin
import Foundation
import ReferenceSubjects
import SimulatedDevice
import SpeechReplay
import SpeechReplayTestSupport
import SpeechTwin
import Testing

/// `model.profile`: the model's timing by name (Documentation/ModelBehaviour.md).
@Suite struct ModelProfileTests {
  static let quickFox = """
    schema: 1
    audio: audio/quick-brown-fox-48k.wav
    model:
      profile: PROFILE
      transcript: audio/quick-brown-fox-48k.words.tsv
    steps: [start, { play: 2450ms }, stop]
    expect:
      final: { committed: "The quick brown fox.", volatile: "", phase: idle }

    """

  @Test func theCalibratedProfileHoldsFinalsAndDelaysFinalizeAndTheFirstResult() throws {
    let path = try TestFiles.write(Self.quickFox.replacingOccurrences(of: "PROFILE", with: "speechTranscriber2026"))
    let scenario = try Scenario.load(fileAt: path)
    let script = scenario.model.script
    #expect(script.finalizeDelay == .milliseconds(90))
    #expect(script.firstResultDelay == .milliseconds(300))
    // No pause of 3 s in the sentence: nothing final until finalize.
    #expect(script.entries.filter { $0.kind == .final }.count == 1)
    #expect(script.entries.last?.at.seconds ?? 0 > 7.4)

    // The stop finalizes: the words heard are committed, 90 ms after the stop.
    let result = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(result.status == .passed, "\(result.failures.map(\.description))")
    let cancels = ScenarioRunner(subject: .reference(faults: [.stopsWithoutFinalizing])).run(fileAt: path, seed: nil)
    #expect(cancels.status == .failed)
  }

  @Test func aTranscriptWithoutAProfileIsCalibratedAndAnUnknownProfileIsAnErrorAtItsLine() throws {
    let legacy = try Scenario.load(
      fileAt: try TestFiles.write(Self.quickFox.replacingOccurrences(of: "PROFILE", with: "legacy")))
    let calibrated = try Scenario.load(
      fileAt: try TestFiles.write(Self.quickFox.replacingOccurrences(of: "PROFILE", with: "speechTranscriber2026")))
    let none = try Scenario.load(
      fileAt: try TestFiles.write(Self.quickFox.replacingOccurrences(of: "  profile: PROFILE\n", with: "")))
    #expect(calibrated.model.script == none.model.script)
    #expect(legacy.model.script.entries != none.model.script.entries)
    #expect(none.model.script.finalizeDelay == .milliseconds(90))
    #expect(legacy.model.script.finalizeDelay == .zero)
    let path = try TestFiles.write(Self.quickFox.replacingOccurrences(of: "PROFILE", with: "apple"))
    #expect {
      _ = try Scenario.load(fileAt: path)
    } throws: { error in
      "\(error)".contains(":4:12: 'model.profile' is 'apple' but must be one of speechTranscriber2026, legacy")
    }
  }

  @Test func explicitResultsWithoutAProfilePlayAsWritten() throws {
    let results = """
      schema: 1
      audio: audio/quick-brown-fox-48k.wav
      model:
        PROFILE
        results:
          - { at: 1.2s, text: "the quick brown fox", finalizeAs: "The quick brown fox." }
      steps: [start, { play: 2450ms }, stop]

      """
    let none = try Scenario.load(fileAt: try TestFiles.write(results.replacingOccurrences(of: "  PROFILE\n", with: "")))
    let legacy = try Scenario.load(
      fileAt: try TestFiles.write(results.replacingOccurrences(of: "PROFILE", with: "profile: legacy")))
    let calibrated = try Scenario.load(
      fileAt: try TestFiles.write(results.replacingOccurrences(of: "PROFILE", with: "profile: speechTranscriber2026")))
    #expect(none.model.script.finalizeDelay == nil && none.model.script.firstResultDelay == .zero)
    #expect(legacy.model.script.finalizeDelay == .zero && legacy.model.script.firstResultDelay == .zero)
    #expect(calibrated.model.script.firstResultDelay == .milliseconds(300))
  }

  @Test func aFinalizeAsListPublishesOneFinalPerSentence() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      audio: audio/two-commands.wav
      model:
        results:
          - { at: 4.5s, text: "turn on the lights set a", finalizeAs: ["Turn on the lights.", "Set a"] }
      steps: [start, { play: 4.8s }, stop]
      expect:
        final: { committed: "Turn on the lights. Set a", volatile: "", phase: idle }

      """)
    let scenario = try Scenario.load(fileAt: path)
    #expect(scenario.model.script.entries[0].finalizeAsResults.map(\.string) == ["Turn on the lights.", "Set a"])
    let run = ScenarioRunner(subject: .reference).replay(fileAt: path, seed: nil)
    #expect(run.result.status == .passed, "\(run.result.failures.map(\.description))")
    let finals = run.timeline.events(AnalyzerResultEvent.self).filter { $0.isFinal }
    #expect(finals.map { $0.text } == ["Turn on the lights.", "Set a"])
    // The pending range is shared out by word count: four words of six end the first.
    #expect(finals.count == 2 && finals[0].end == finals[1].start)
  }
}
