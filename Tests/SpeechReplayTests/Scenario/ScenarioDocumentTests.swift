import Foundation
import SimulatedDevice
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

  /// One of each perturbation, with every optional part present.
  static let everyPerturbation: [Perturbation] = [
    .taps(frames: 512, jitterMilliseconds: 3), .hardware(sampleRate: 44_100, channels: 2),
    .route(at: 0.5, sampleRate: 16_000, channels: 1, port: nil),
    .route(at: 0.5, sampleRate: 16_000, channels: 1, port: "bluetoothHFP"),
    .interruptions(at: 0.4, length: 0.2, count: 2), .networkFlip(at: 0.3, offlineFor: 0.5),
    .download(duration: 1, failsAt: 0.5),
    .permission(at: 0.2, grantAfter: 0.4), .latency(base: 0.1, spikeAt: 0.5, spikeLength: 0.3, extra: 0.2),
    .stall(at: 0.5, length: 0.2),
    .modelError(at: 0.7), .results(volatileEvery: 0.1, finalAfterSilence: 0.5, asSpoken: true, rewrite: 1),
    .slowModel(cost: 0.5),
    .userTaps(at: 0.5, pattern: .dismissReopen), .lateResultDelivery,
  ]

  /// Every key a perturbation writes (from ``ScenarioKeys``) is one the decoder reads: each edited
  /// document, and all of them applied together, loads.
  @Test(arguments: everyPerturbation.map { [$0] } + [everyPerturbation])
  func perturbationsWriteKeysTheDecoderReads(_ perturbations: [Perturbation]) throws {
    var document = try Self.document(Self.hello)
    for perturbation in perturbations { perturbation.apply(to: &document) }
    #expect(throws: Never.self, "\(perturbations)\n\(document.yaml())") {
      _ = try Scenario.parse(yaml: document.yaml(), file: document.file, relativeTo: document.folder)
    }
  }

  /// The late result order: the perturbation pins `device.resultDelivery`, has nothing simpler (the
  /// shrinker can only drop it), and exploration draws it in some runs, not all.
  @Test func theLateResultDeliveryPerturbationPinsTheKey() throws {
    let late = Perturbation.lateResultDelivery
    var document = try Self.document(Self.hello)
    late.apply(to: &document)
    #expect(document.yaml().contains("resultDelivery: afterFinalizeReturns"), "\(document.yaml())")
    let scenario = try Scenario.parse(yaml: document.yaml(), file: document.file, relativeTo: document.folder)
    #expect(scenario.device.resultDelivery == .afterFinalizeReturns)
    #expect(late.kind == .resultDelivery && !Perturbation.Kind.swarm.contains(.resultDelivery))
    #expect(late.simpler.isEmpty)
    #expect(late.description == "{ kind: resultDelivery, order: afterFinalizeReturns }")

    let bases = [Explorer.explorable(try Self.document(Self.hello))]
    let candidates = (0..<30).compactMap { Explorer(runs: 30, seed: 1).candidate(run: $0, bases: bases) }
    let drawn = candidates.filter { $0.perturbations.contains(.lateResultDelivery) }
    #expect(!drawn.isEmpty && drawn.count < candidates.count, "\(drawn.count) of \(candidates.count)")
    for candidate in candidates {
      let pinned = candidate.perturbations.contains(.lateResultDelivery)
      #expect(candidate.scenario.device.resultDelivery == (pinned ? .afterFinalizeReturns : .beforeFinalizeReturns))
    }
  }

  @Test func aStepAtAMomentSplitsThePlayAroundIt() throws {
    var document = try Self.document(Self.hello)
    #expect(abs(document.stepsDuration - (document.audioDuration + 1)) < 0.001)
    document.insert([Node("stop"), Node("start")], atSeconds: 0.5)
    #expect(
      document.steps.map { oneLine($0) } == [
        "start", "{play: 500ms}", "stop", "start", "play: end", "wait: 1s", "stop",
      ])
    var late = try Self.document(Self.hello)
    late.insert([Node("start")], atSeconds: 100)
    #expect(late.steps.last?.string == "start")
  }

  @Test func bothFormsOfInterruptCountTheirDuration() throws {
    let document = try Self.document(
      "schema: 1\nsteps: [start, { interrupt: 500ms }, { interrupt: { duration: 1s, shouldResume: false } }, { wait: 250ms }, stop]\n"
    )
    #expect(abs(document.stepsDuration - 1.75) < 0.001)
  }

  @Test func exploringKeepsOnlyInvariantsAndWhatExploreKeeps() throws {
    let explorable = Explorer.explorable(try Self.document(Self.hello))
    #expect(
      explorable.value(at: [ScenarioKeys.expect, ScenarioKeys.Expect.final, ScenarioKeys.State.microphone])?.string
        == "offered")
    #expect(
      explorable.value(at: [ScenarioKeys.expect, ScenarioKeys.Expect.final, ScenarioKeys.State.committed]) == nil)
    #expect(explorable.value(at: [ScenarioKeys.expect, ScenarioKeys.Expect.invariants]) != nil)
    #expect(explorable.value(at: [ScenarioKeys.explore]) == nil)
  }

  @Test func anUnknownKeepIsAnErrorAtItsLine() throws {
    let file = try TestFiles.write("schema: 1\nsteps: [start]\nexplore: { keep: [final.comitted] }\n")
    #expect(throws: ScenarioError.self) { try Scenario.load(fileAt: file) }
    do {
      _ = try Scenario.load(fileAt: file)
    } catch {
      #expect(
        error.description.contains(":3:19: 'final.comitted' is not an expectation exploration can keep"), "\(error)")
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
