import Foundation
import SpeechReplay
import SpeechReplayCapture
import SpeechReplayImport
import SpeechReplayTestSupport
import Testing

/// The files capture import and `scenario new` write hold only keys the decoder reads: each loads
/// with no error (an unknown key anywhere is one) and without an obsolete-key warning.
/// Exploration's perturbations are held to the same rule in `ScenarioDocumentTests`.
@Suite struct ScenarioWritersTests {
  static func obsoleteKeys(_ scenario: Scenario) -> [ScenarioFailure] {
    scenario.warnings.filter { $0.check == CheckID(.scenario, "obsolete-key") }
  }

  @Test func captureImportWritesKeysTheDecoderReads() throws {
    let folder = try TemporaryFolder(prefix: "writers")
    defer { folder.remove() }
    let capture = try CaptureFile(
      url: TestFiles.fixtures.appendingPathComponent("captures/field-session.speechcapture"))
    let output = try CaptureImporter(capture: capture).write(into: folder.url)
    let scenario = try Scenario.load(fileAt: output.scenario.path)
    #expect(Self.obsoleteKeys(scenario).isEmpty, "\(scenario.warnings)")
    #expect(scenario.observed != nil)
    #expect(!scenario.model.script.entries.isEmpty)
  }

  @Test(arguments: [nil, "Turn on the lights. Set a timer for ten minutes."])
  func scenarioNewWritesKeysTheDecoderReads(text: String?) throws {
    let folder = try TemporaryFolder(prefix: "writers")
    defer { folder.remove() }
    let path = folder.url.appendingPathComponent("skeleton.yaml").path
    let skeleton = ScenarioSkeleton(
      audioPath: TestFiles.audio.appendingPathComponent("two-commands.wav").path, text: text)
    let rendered = try skeleton.render(scenarioPath: path)
    try Data(rendered.text.utf8).write(to: URL(fileURLWithPath: path))
    let scenario = try Scenario.load(fileAt: path)
    #expect(Self.obsoleteKeys(scenario).isEmpty, "\(scenario.warnings)")
    #expect(scenario.steps.count == 4)
  }

  /// The writer's shapes, which capture import and `scenario new` files are made of.
  @Test func writerWritesSectionsItemsAndComments() {
    var writer = ScenarioWriter()
    writer.comment("made by a test")
    writer.value(ScenarioKeys.schema, "1")
    writer.section(ScenarioKeys.device) {
      $0.value(
        ScenarioKeys.Device.microphone,
        ScenarioWriter.flow([(ScenarioKeys.Microphone.sampleRate, "16000"), (ScenarioKeys.Microphone.channels, "1")]))
    }
    writer.section(ScenarioKeys.steps) {
      $0.item(ScenarioWriter.step(ScenarioKeys.Step.start))
      $0.item(ScenarioWriter.step(ScenarioKeys.Step.wait, "1s"), comment: "why")
    }
    #expect(
      writer.text == """
        # made by a test
        schema: 1
        device:
          microphone: { sampleRate: 16000, channels: 1 }
        steps:
          - start
          - wait: 1s  # why

        """)
  }
}
