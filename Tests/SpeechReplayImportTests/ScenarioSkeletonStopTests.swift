import Foundation
import LiveTranscription
import ReferenceSubjects
import SpeechReplay
import Testing

@testable import SpeechReplayImport

/// `scenario new --stop-at`: a recording the user stopped becomes a scenario that expects every word
/// heard before the stop committed, with a model that holds finals as Apple's does, so a stack that
/// cancels instead of finalizing fails and a correct one passes, at any stop time.
@Suite struct ScenarioSkeletonStopTests {
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("fixtures/audio")

  /// Real speech (LibriVox, fixtures/audio/librivox/LICENSE): two sentences with a short pause.
  static let twoSentences = "librivox/two-sentences.wav"
  static let twoSentencesText = "He was not an ill disposed young man. He might even have been made amiable himself."

  /// Writes the skeleton of `audio` stopped at `stopAt` into a temporary folder; returns its path and text.
  static func write(
    _ audio: String, text: String?, stopAt: Double?, configure: (inout ScenarioSkeleton) -> Void = { _ in }
  ) throws -> (path: String, text: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stop-at-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("stopped.yaml").path
    var maker = ScenarioSkeleton(audioPath: fixtures.appendingPathComponent(audio).path, text: text, stopAt: stopAt)
    configure(&maker)
    let skeleton = try maker.render(scenarioPath: path)
    try skeleton.text.write(toFile: path, atomically: true, encoding: .utf8)
    return (path, skeleton.text)
  }

  static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
  }

  /// The report "when I press stop right after the last word, the last word never shows up": stop
  /// 60 ms after the soft end of "…young man." (2.84 s); "man." must be expected committed.
  @Test func aStopRightAfterTheLastWordExpectsItCommitted() throws {
    let (path, text) = try Self.write(Self.twoSentences, text: Self.twoSentencesText, stopAt: 2.9)
    defer { Self.remove(path) }
    #expect(text.contains("committed: \"He was not an ill disposed young man.\", volatile: \"\""), "\(text)")
    #expect(text.contains("finalizeAs: \"He was not an ill disposed young man.\""), "\(text)")
    #expect(!text.contains("final: \"He was"), "no final before the stop: Apple's model holds it: \(text)")
    #expect(text.contains("sampleRate: 48000"), "an iPhone's microphone, not the file's 16 kHz: \(text)")
    let reference = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(reference.status == .passed, "\(reference.failures.map(\.description))")
    let cancels = ScenarioRunner(subject: .reference(faults: [.stopsWithoutFinalizing])).run(fileAt: path, seed: nil)
    #expect(cancels.status == .failed)
    #expect(cancels.failures.contains { $0.message.contains("the last words are lost at stop") })
  }

  /// Many stop times inside and after speech, on real recordings: the reference stack passes every
  /// skeleton and a stack that cancels at stop fails every one (something is always volatile).
  @Test(arguments: [
    (twoSentences, 0.75), (twoSentences, 1.25), (twoSentences, 2.0), (twoSentences, 2.8), (twoSentences, 3.3),
    (twoSentences, 4.45), (twoSentences, 5.5), (twoSentences, 6.2), ("librivox/made-amiable.wav", 1.0),
    ("librivox/made-amiable.wav", 2.35), ("librivox/made-amiable.wav", 3.2), ("librivox/ill-disposed.wav", 2.95),
  ])
  func everyStopTimeTellsFinalizingFromCancelling(audio: String, stopAt: Double) throws {
    let (path, text) = try Self.write(
      audio, text: audio == Self.twoSentences ? Self.twoSentencesText : nil, stopAt: stopAt)
    defer { Self.remove(path) }
    let reference = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(reference.status == .passed, "stop at \(stopAt): \(reference.failures.map(\.description))\n\(text)")
    for fault in [LiveTranscriber.Fault.stopsWithoutFinalizing, .stopGivesUpFinalizingAfterASecond] {
      let buggy = ScenarioRunner(subject: .reference(faults: [fault])).run(fileAt: path, seed: nil)
      if fault == .stopsWithoutFinalizing {
        #expect(buggy.status == .failed, "stop at \(stopAt), \(fault): the stack loses words but passed\n\(text)")
      }
      #expect(!buggy.failures.contains { $0.message.contains("audio.") }, "no audio failure: \(buggy.failures)")
    }
  }

  @Test func sentencesHeldThroughShortPausesAreFinalizedOnePerSentence() throws {
    let segments = [SpeechSegment(start: 0.2, end: 2.76), SpeechSegment(start: 3.2, end: 6.0)]
    let texts = ["He was not an ill disposed young man.", "He might even have been made amiable himself."]
    let timing = ScenarioSkeleton.Timing(heardEnd: 6.28, finalsBy: 6.0, finalAfterSilence: 3, volatileSpacing: 0.5)
    let plan = ScenarioSkeleton.plan(segments: segments, texts: texts, timing: timing)
    #expect(plan.finals.isEmpty, "a 0.44 s pause is not long enough for Apple's model to commit")
    #expect(plan.pending?.finalizeAs == texts)
    #expect(plan.pending?.text == "He was not an ill disposed young man He might even have been made amiable himself")
    #expect(plan.committed == texts.joined(separator: " "))

    // A long pause before the stop: the first sentence's final comes by itself.
    let apart = [SpeechSegment(start: 0.2, end: 2.0), SpeechSegment(start: 5.5, end: 7.0)]
    let stopped = ScenarioSkeleton.Timing(heardEnd: 6.0, finalsBy: 5.75, finalAfterSilence: 3, volatileSpacing: 0.5)
    let late = ScenarioSkeleton.plan(segments: apart, texts: ["Turn on the lights.", "Set a timer."], timing: stopped)
    #expect(late.finals == ["Turn on the lights."])
    #expect(late.results.first { $0.isFinal }?.at == 5.0)
    #expect(late.cutIndex == 1)
    #expect(late.pending?.finalizeAs == ["Set"])
    #expect(late.committed == "Turn on the lights. Set")
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
