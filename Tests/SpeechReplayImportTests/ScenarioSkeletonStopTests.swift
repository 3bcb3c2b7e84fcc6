import Foundation
import LiveTranscription
import ReferenceSubjects
import SpeechReplay
import Testing

@testable import SpeechReplayImport

/// `scenario new --stop-at`: a recording the user stopped early becomes a scenario that tells a stack
/// that loses the last words at stop from one that keeps them.
@Suite struct ScenarioSkeletonStopTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("fixtures/audio")

  /// Writes the skeleton of `audio` stopped at `stopAt` into a temporary folder; returns its path and text.
  static func write(_ audio: String, text: String?, stopAt: Double) throws -> (path: String, text: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stop-at-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("stopped.yaml").path
    let skeleton = try ScenarioSkeleton(
      audioPath: fixtures.appendingPathComponent(audio).path, text: text, stopAt: stopAt
    ).render(scenarioPath: path)
    try skeleton.text.write(toFile: path, atomically: true, encoding: .utf8)
    return (path, skeleton.text)
  }

  @Test func aStopMidSentenceFailsAStackThatDoesNotFinalizeAndPassesTheReference() throws {
    let (path, text) = try Self.write(
      "quick-brown-fox-48k.wav", text: "The quick brown fox jumps over the lazy dog.", stopAt: 2.4)
    defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
    #expect(text.contains("text: \"The quick brown fox\", finalizeAs: \"The quick brown fox\""), "\(text)")
    #expect(!text.contains("final: \""), "the segment the stop cuts has no final: \(text)")
    #expect(text.contains("  - play: 2.4s\n  - snapshot: before-stop\n  - stop\n"))

    let reference = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(reference.status == .passed, "\(reference.failures.map(\.description))")
    let buggy = ScenarioRunner(subject: .reference(faults: [.stopsWithoutFinalizing])).run(fileAt: path, seed: nil)
    #expect(buggy.status == .failed)
    #expect(
      buggy.failures.contains { $0.message.contains("nothing-lost-at-stop") }, "\(buggy.failures.map(\.description))")
    #expect(buggy.failures.contains { $0.message.contains("the last words are lost at stop") })
  }

  @Test func segmentsBeforeTheStopKeepTheirFinalsAndLaterOnesAreLeftOut() throws {
    let segments = [
      SpeechSegment(start: 0.3, end: 1.5), SpeechSegment(start: 2.0, end: 4.0), SpeechSegment(start: 5.0, end: 6.0),
    ]
    let texts = ["Turn on the lights.", "Set a timer for ten minutes.", "Thanks."]
    let plan = ScenarioSkeleton.plan(segments: segments, texts: texts, stopAt: 3.25)
    #expect(plan.finals.map(\.text) == ["Turn on the lights."])
    let cut = try #require(plan.cut)
    #expect(cut.index == 1)
    // Heard through 3.0 s (the stop less its margin): half of the segment, so half of its six words.
    #expect(cut.volatiles.map(\.text) == ["Set a", "Set a timer"])
    #expect(cut.volatiles.map(\.at) == [2.5, 3.0])
    #expect(cut.finalized == "Set a timer")

    // A stop in the pause between two segments cuts nothing: the finals before it only.
    let inPause = ScenarioSkeleton.plan(segments: segments, texts: texts, stopAt: 1.9)
    #expect(inPause.finals.map(\.index) == [0])
    #expect(inPause.cut == nil)
    // No stop: a final for every segment, as before.
    #expect(ScenarioSkeleton.plan(segments: segments, texts: texts, stopAt: nil).finals.count == 3)
    // Without text, the cut segment gets a placeholder.
    let placeholder = ScenarioSkeleton.plan(segments: segments, texts: ["", "", ""], stopAt: 3.25)
    #expect(placeholder.finals.map(\.text) == ["Segment 1."])
    #expect(placeholder.cut?.volatiles.map(\.text) == ["segment 2 until the stop"])
    #expect(placeholder.cut?.finalized == "Segment 2 until the stop.")
  }

  @Test func aStopOutsideTheRecordingIsRefusedWithItsLength() throws {
    let audio = Self.fixtures.appendingPathComponent("quick-brown-fox-48k.wav").path
    for stop in [0.0, 9.0] {
      #expect {
        // refused before anything is written
        _ = try ScenarioSkeleton(audioPath: audio, stopAt: stop).render(scenarioPath: "unused.yaml")
      } throws: { error in
        let message = "\(error)"
        return error is ScenarioSkeletonError && message.contains("--stop-at") && message.contains("lasts 4.98")
      }
    }
  }
}
