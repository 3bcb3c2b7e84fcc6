import Foundation
import ReferenceSubjects
import SimulatedDevice
import SpeechReplay
import SpeechReplayTestSupport
import Testing
import Yams

/// The `audioSystem:` step: read in both forms, errors at its line, and drawn by `explore` from a
/// stream of its own (the other kinds keep every seed's draws).
@Suite struct AudioSystemStepTests {
  func steps(_ yaml: String) throws -> [Scenario.Step.Action] {
    try Scenario.load(fileAt: try TestFiles.write(yaml)).steps.map(\.action)
  }

  func error(_ yaml: String) throws -> String {
    let path = try TestFiles.write(yaml)
    do {
      _ = try Scenario.load(fileAt: path)
      return "no error"
    } catch {
      return error.description.replacingOccurrences(of: path, with: "scenario.yaml")
    }
  }

  @Test func readsEveryFault() throws {
    let actions = try steps(
      """
      schema: 1
      steps:
        - audioSystem: activationFails
        - audioSystem: { activationFails: siriIsRecording }
        - audioSystem: configurationChange
        - audioSystem: mediaServicesReset
        - audioSystem: systemDeactivation
      """)
    #expect(
      actions == [
        .audioSystem(.activationFails(.insufficientPriority)), .audioSystem(.activationFails(.siriIsRecording)),
        .audioSystem(.configurationChange), .audioSystem(.mediaServicesReset), .audioSystem(.systemDeactivation),
      ])
  }

  @Test func aBadFaultIsLocatedAndListsTheChoices() throws {
    let unknown = try error("schema: 1\nsteps:\n  - start\n  - audioSystem: reboot\n")
    #expect(unknown.hasPrefix("scenario.yaml:4:18:"), "\(unknown)")
    #expect(unknown.contains("configurationChange") && unknown.contains("mediaServicesReset"), "\(unknown)")
    let code = try error("schema: 1\nsteps:\n  - audioSystem: { activationFails: busy }\n")
    #expect(code.hasPrefix("scenario.yaml:3:37:"), "\(code)")
    #expect(code.contains("insufficientPriority"), "\(code)")
    let bare = try error("schema: 1\nsteps:\n  - audioSystem\n")
    #expect(bare.contains("audioSystem: configurationChange"), "\(bare)")
  }

  @Test func explorationDrawsTheKindFromAStreamOfItsOwn() throws {
    let yaml = """
      schema: 1
      audio: audio/hello-world.wav
      model: { transcript: audio/hello-world.words.tsv }
      steps: [start, { play: end }, { wait: 1s }, stop]
      """
    let bases = [Explorer.explorable(try ScenarioDocument(fileAt: try TestFiles.write(yaml)))]
    let candidates = (0..<80).compactMap { Explorer(runs: 80, seed: 5).candidate(run: $0, bases: bases) }
    let drawn = candidates.filter { $0.perturbations.contains { $0.kind == .audioSystem } }
    #expect(!drawn.isEmpty && drawn.count < candidates.count / 2, "\(drawn.count) of \(candidates.count)")
    #expect(!Perturbation.Kind.swarm.contains(.audioSystem))
    for candidate in drawn {
      let perturbation = try #require(candidate.perturbations.first { $0.kind == .audioSystem })
      guard case .audioSystem(_, let fault) = perturbation else { continue }
      #expect(fault != .systemDeactivation)
      #expect(candidate.scenario.steps.contains { $0.action == .audioSystem(fault) })
      #expect(perturbation.description.hasPrefix("{ kind: audioSystem, at: "))
    }
    let shrunk = Perturbation.audioSystem(at: 1, fault: .activationFails(.siriIsRecording)).simpler
    #expect(shrunk.contains(.audioSystem(at: 0, fault: .activationFails(.siriIsRecording))))
    #expect(shrunk.contains(.audioSystem(at: 1, fault: .activationFails(.insufficientPriority))))
  }

  /// The reference stack handles every fault on both paths; the 26 path skips the system
  /// deactivation, which only the 27 SDK can see, with the reason.
  @Test(arguments: ["LiveTranscription", "LiveTranscription-27"])
  func theReferenceStackPassesEveryAudioSystemScenario(_ path: String) throws {
    let factory: SubjectFactory = path == "LiveTranscription" ? .reference : .reference27
    let runner = ScenarioRunner(subject: factory, snapshots: SnapshotOptions(record: .never))
    for file in [
      "audio-session-activation-refused.yaml", "engine-configuration-change.yaml", "media-services-reset.yaml",
      "system-deactivation.yaml",
    ] {
      let result = runner.run(fileAt: TestFiles.scenarios.appendingPathComponent(file).path, seed: nil)
      let expected: ScenarioResult.Status =
        file == "system-deactivation.yaml" && path == "LiveTranscription" ? .skipped : .passed
      #expect(result.status == expected, "\(file) on \(path): \(result.failures)")
    }
  }
}
