import AVFAudioTwin
import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import SpeechTwin
import Testing

/// The reference file transcriber as a scenario subject (`subject: { preset: file }`).
@Suite(.serialized) struct FileSubjectTests {
  func run(_ yaml: String) throws -> ScenarioRun {
    ScenarioRunner(subject: .reference).replay(fileAt: try TestFiles.write(yaml), seed: nil)
  }

  @Test func theFileIsTranscribedWithoutAnyPlayStep() throws {
    let run = try run(
      """
      schema: 1
      audio: audio/hello-world.wav
      model: { transcript: audio/hello-world.words.tsv }
      subject: { preset: file }
      steps: [start]
      expect:
        final: { committed: "Hello world.", volatile: "", phase: idle }

      """)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    // The file is read by the analyzer, not heard through a microphone.
    #expect(run.timeline.count(of: .engineBuffer) == 0)
    #expect(run.timeline.count(of: .analyzerAnalyzeSequence) == 1)
    #expect(run.timeline.events(AnalyzerInputEvent.self).allSatisfy { $0.accepted })
    #expect(run.timeline.count(of: .analyzerFinish) == 1)
  }

  @Test func theLiveStackOnTheSameScenarioHearsNothingWithoutPlaySteps() throws {
    // The other side of the preset: the same steps against the live stack commit nothing, so the
    // file subject's text above really comes from reading the file.
    let run = try run(
      """
      schema: 1
      audio: audio/hello-world.wav
      model: { transcript: audio/hello-world.words.tsv }
      steps: [start, { wait: 1s }, stop]
      expect:
        final: { committed: "", phase: idle }

      """)
    #expect(run.result.status == .passed, "\(run.result.failures)")
  }

  @Test func aScenarioWithoutAudioFailsSayingWhatToAdd() throws {
    let run = try run(
      """
      schema: 1
      subject: { preset: file }
      steps: [start]

      """)
    #expect(run.result.status == .failed)
    let text = run.result.failures.map(\.description).joined(separator: "\n")
    #expect(text.contains("preset 'file'") && text.contains("add 'audio:"), "\(text)")
  }

  @Test func aSlowModelMakesTheBoundedStackDropBuffersAndReportIt() throws {
    let run = ScenarioRunner(subject: .reference).replay(
      fileAt: TestFiles.scenarios.appendingPathComponent("slow-model-bounded-input.yaml").path, seed: nil)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    let figures = run.result.figures
    #expect(figures["stack.input.limit"] == 4)
    #expect((figures["stack.input.dropped"] ?? 0) > 0, "\(figures)")
    #expect((figures["stack.input.peak"] ?? 99) <= 4, "\(figures)")
    // Without the bound the same model and audio never drop anything.
    let unbounded = ScenarioRunner(subject: .reference).replay(
      fileAt: try TestFiles.write(
        """
        schema: 1
        audio: audio/quick-brown-fox-48k.wav
        timing: { mode: aware, modelCost: 2 }
        model: { transcript: audio/quick-brown-fox-48k.words.tsv }
        steps: [start, { play: end }, stop]

        """), seed: nil)
    #expect(unbounded.result.figures["stack.input.dropped"] == 0, "\(unbounded.result.figures)")
  }
}
