import Foundation
import SpeechReplay
import SpeechReplayTestSupport
import Testing
import Yams

/// Exploration stays within what a user can do and keeps what it found: taps never land on a
/// dismissed screen, shrinking never drops the `start` that reopened it, and a shrink step keeps
/// the same failure, not just the same check.
@Suite struct ExplorationValidityTests {
  static let dismissed = """
    schema: 1
    audio: audio/hello-world.wav
    model: { transcript: audio/hello-world.words.tsv }
    steps: [start, { play: 1s }, stop, dismiss, { wait: 1s }, start, { play: end }, stop, dismiss]
    """

  static func steps(_ document: ScenarioDocument) -> [String] {
    document.steps.compactMap(ScenarioDocument.stepName)
  }

  @Test(arguments: Perturbation.TapPattern.allCases)
  func tapsOnADismissedScreenOpenItFirst(_ pattern: Perturbation.TapPattern) throws {
    let base = try ScenarioDocumentTests.document(Self.dismissed)
    // 1.5 s: after the first dismiss, before the scenario's own reopening start.
    var document = base
    Perturbation.userTaps(at: 1.5, pattern: pattern).apply(to: &document)
    #expect(document.isPerformableByUser, "\(Self.steps(document))")
    let inserted = Self.steps(document)
    let dismiss = try #require(inserted.firstIndex(of: "dismiss"))
    #expect(inserted[inserted.index(after: dismiss)...].first { $0 == "start" || $0 == "stop" } == "start")
    // After the last dismiss (the end of the run) too.
    var atEnd = base
    Perturbation.userTaps(at: 60, pattern: pattern).apply(to: &atEnd)
    #expect(atEnd.isPerformableByUser, "\(Self.steps(atEnd))")
  }

  @Test func aStopOrDismissOnADismissedScreenIsNotPerformable() throws {
    var document = try ScenarioDocumentTests.document(Self.dismissed)
    #expect(document.isPerformableByUser)
    var steps = document.steps
    steps.remove(at: 5)  // the start that reopens the screen: `dismiss, wait, play, stop` remains
    document.steps = steps
    #expect(!document.isPerformableByUser)
    #expect(Explorer.candidate(document: document, perturbations: [], seed: 1) == nil)
  }

  @Test func theLastActionBeforeAMomentIsTheStepTheRunHadTaken() throws {
    let document = try ScenarioDocumentTests.document(Self.dismissed)
    #expect(document.lastAction(atSeconds: 0.5) == "start")
    #expect(document.lastAction(atSeconds: 1.0) == "dismiss")
    #expect(document.lastAction(atSeconds: 2.5) == "start")
  }
}

extension ExplorationValidityTests {
  @Test func aShrinkStepKeepsTheSameFailureNotJustTheSameCheck() throws {
    let document = try ScenarioDocumentTests.document(Self.dismissed)
    let check = CheckID(.invariant, "analyzer-input-format")
    func failure(_ message: String, at seconds: Double, trap: String? = "convert") -> ScenarioFailure {
      ScenarioFailure(message, check: check, virtualTime: seconds, trap: trap)
    }
    typealias Identity = ExplorationShrinker.FailureIdentity
    let found = Identity(
      failure(
        "invariant 'analyzer-input-format' broken at 0.300s: the analyzer received 6 of 6 buffers in <…>", at: 0.3),
      in: document)
    // Other numbers and quoted text: the same failure.
    #expect(
      Identity(
        failure(
          "invariant 'analyzer-input-format' broken at 0.900s: the analyzer received 2 of 9 buffers in <…>", at: 0.9),
        in: document) == found)
    // The same check for another reason (the harness's integrity guard): not the same.
    #expect(
      Identity(
        failure(
          "invariant 'analyzer-input-format' cannot be checked at 0.300s: no 'analyzer.input' events recorded although …",
          at: 0.3, trap: nil), in: document) != found)
    // The same words after another step (a dismiss instead of the start): not the same point.
    #expect(
      Identity(
        failure(
          "invariant 'analyzer-input-format' broken at 1.000s: the analyzer received 6 of 6 buffers in <…>", at: 1.0),
        in: document) != found)
  }
}
