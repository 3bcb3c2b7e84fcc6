import Foundation
import SpeechReplay
import SpeechReplayTestSupport
import Testing
import Yams

/// The YAML edits exploration makes: steps inserted at a moment, expectations filtered, the
/// `explore:` key checked, reproducer paths relative to their folder.
@Suite struct ScenarioDocumentTests {
  static func document(_ yaml: String) throws -> ScenarioDocument {
    let file = try TestFiles.write(yaml)
    return try ScenarioDocument(fileAt: file)
  }

  static let hello = """
    schema: 1
    audio: audio/hello-world.wav
    model: { transcript: audio/hello-world.words.tsv }
    steps: [start, { play: end }, { wait: 1s }, stop]
    expect:
      final: { committed: "Hello world.", phase: idle, microphone: offered }
      invariants: { off: { input-bounded: "a test" } }
    explore: { keep: [final.microphone] }
    """

  @Test func aStepAtAMomentSplitsThePlayAroundIt() throws {
    var document = try Self.document(Self.hello)
    #expect(abs(document.stepsDuration - (document.audioDuration + 1)) < 0.001)
    document.insert([Node("stop"), Node("start")], atSeconds: 0.5)
    #expect(document.steps.map { oneLine($0) } == ["start", "{play: 500ms}", "stop", "start", "play: end", "wait: 1s", "stop"])
    var late = try Self.document(Self.hello)
    late.insert([Node("start")], atSeconds: 100)
    #expect(late.steps.last?.string == "start")
  }

  @Test func bothFormsOfInterruptCountTheirDuration() throws {
    let document = try Self.document(
      "schema: 1\nsteps: [start, { interrupt: 500ms }, { interrupt: { duration: 1s, shouldResume: false } }, { wait: 250ms }, stop]\n")
    #expect(abs(document.stepsDuration - 1.75) < 0.001)
  }

  @Test func exploringKeepsOnlyInvariantsAndWhatExploreKeeps() throws {
    let explorable = Explorer.explorable(try Self.document(Self.hello))
    #expect(explorable.value(at: ["expect", "final", "microphone"])?.string == "offered")
    #expect(explorable.value(at: ["expect", "final", "committed"]) == nil)
    #expect(explorable.value(at: ["expect", "invariants"]) != nil)
    #expect(explorable.value(at: ["explore"]) == nil)
  }

  @Test func anUnknownKeepIsAnErrorAtItsLine() throws {
    let file = try TestFiles.write("schema: 1\nsteps: [start]\nexplore: { keep: [final.comitted] }\n")
    #expect(throws: ScenarioError.self) { try Scenario.load(fileAt: file) }
    do {
      _ = try Scenario.load(fileAt: file)
    } catch {
      #expect(error.description.contains(":3:19: 'final.comitted' is not an expectation exploration can keep"), "\(error)")
      #expect(error.description.hasSuffix("did you mean 'final.committed'?"), "\(error)")
    }
  }

  @Test func aReproducerNamesItsFilesRelativeToItsFolder() throws {
    let document = try Self.document(Self.hello)
    let folder = (document.folder as NSString).appendingPathComponent("found/deeper")
    let yaml = document.yaml(forFileIn: folder)
    #expect(yaml.contains("audio: ../../audio/hello-world.wav"), "\(yaml)")
    #expect(yaml.contains("transcript: ../../audio/hello-world.words.tsv"), "\(yaml)")
  }
}

/// A node as one line of YAML, for comparing steps.
private func oneLine(_ node: Node) -> String {
  ((try? Yams.serialize(node: node)) ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
}
