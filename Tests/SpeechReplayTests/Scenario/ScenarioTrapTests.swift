import Foundation
import ReferenceSubjects
import Simulation
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// `expect.trap`: parsed, rejected when empty or not text, and appended to expectation failures only.
@Suite struct ScenarioTrapTests {
  static let base = """
    schema: 1
    name: trap
    audio: audio/hello-world.wav
    model:
      transcript: audio/hello-world.words.tsv
    steps:
      - start
      - play: end
      - wait: 1s
      - stop
    expect:

    """

  @Test func readsTheTrap() throws {
    let path = try TestFiles.write(Self.base + "  trap: \"  stops without finalizing  \"\n")
    #expect(try Scenario.load(fileAt: path).expectations.trap?.text == "stops without finalizing")
    let none = try TestFiles.write(Self.base + "  final: { phase: idle }\n")
    #expect(try Scenario.load(fileAt: none).expectations.trap == nil)
  }

  @Test(arguments: ["  trap: \"\"\n", "  trap:\n", "  trap: [a, b]\n", "  trap: { says: \"\", checks: [state] }\n"])
  func rejectsATrapThatNamesNothing(line: String) throws {
    let path = try TestFiles.write(Self.base + line)
    #expect {
      _ = try Scenario.load(fileAt: path)
    } throws: { error in
      let text = (error as? ScenarioError)?.description ?? ""
      return text.hasPrefix("\(path):12:")
        && text.contains("'expect.trap' must name the trap this scenario guards against")
    }
  }

  @Test func expectationFailuresNameTheTrapAndInvariantFailuresKeepTheirOwn() throws {
    let path = try TestFiles.write(
      Self.base + """
          trap: "the demo trap"
          final: { committed: "Goodbye.", phase: idle }
          invariants: { broken: [no-stutter] }

        """)
    let result = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(result.status == .failed)
    let messages = result.failures.map(\.message)
    #expect(
      messages.contains(
        "committed text at the end is \"Hello world.\", expected \"Goodbye.\"; this scenario guards against: the demo trap"
      ))
    // The invariant expected to break did not: its failure is not re-labelled with the scenario's trap.
    let invariant = messages.filter { $0.contains("no-stutter") }
    #expect(!invariant.isEmpty, "\(messages)")
    #expect(invariant.allSatisfy { !$0.contains("this scenario guards against") }, "\(invariant)")
  }

  /// `trap: { says, checks }` labels only the failures of the checks it names, with the trap as a field.
  @Test func aTrapNamingChecksLabelsOnlyTheirFailures() throws {
    let about = try TestFiles.write(
      Self.base + """
          trap: { says: "the demo trap", checks: [state.final] }
          final: { committed: "Goodbye.", phase: idle }

        """)
    let labelled = ScenarioRunner(subject: .reference).run(fileAt: about, seed: nil)
    let final = try #require(labelled.failures.first { $0.check == CheckID(.state, "final") })
    #expect(final.trap == "the demo trap" && final.message.hasSuffix("; this scenario guards against: the demo trap"))
    let elsewhere = try TestFiles.write(
      Self.base + """
          trap: { says: "the demo trap", checks: [budget, invariant.no-stutter] }
          final: { committed: "Goodbye.", phase: idle }

        """)
    let unlabelled = ScenarioRunner(subject: .reference).run(fileAt: elsewhere, seed: nil)
    #expect(unlabelled.status == .failed)
    #expect(
      unlabelled.failures.allSatisfy { $0.trap == nil && !$0.message.contains("guards against") },
      "\(unlabelled.failures)")
  }

  @Test func aTrapNamingAnUnknownCheckIsRefusedAtItsLine() throws {
    let path = try TestFiles.write(Self.base + "  trap: { says: \"x\", checks: [states] }\n")
    #expect {
      _ = try Scenario.load(fileAt: path)
    } throws: { error in
      let text = (error as? ScenarioError)?.description ?? ""
      return text.hasPrefix("\(path):12:") && text.contains("'states' in 'expect.trap.checks' is not a check")
        && text.contains("did you mean 'state'")
    }
  }

  /// A failure whose cause is upstream (the audio, a step, the run) is not a symptom of the trap.
  @Test func causesKeepTheTrapOffEveryFailure() {
    let trap = ScenarioTrap("the demo trap")
    let symptom = ScenarioFailure("committed text differs", check: CheckID(.state, "final"))
    #expect(trap.label([symptom]).first?.trap == "the demo trap")
    let cause = ScenarioFailure("0.4 s of audio never reached the analyzer", check: CheckID(.audio, "lost"))
    #expect(trap.label([symptom, cause]).allSatisfy { $0.trap == nil })
  }

  /// Failures carry when they happened: a snapshot's at the snapshot, an invariant's at its break.
  @Test func failuresCarryTheirVirtualTime() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      audio: audio/hello-world.wav
      model:
        transcript: audio/hello-world.words.tsv
      steps: [start, { play: 1s }, { snapshot: early }, { play: end }, { wait: 1s }, stop]
      expect:
        snapshots: { early: { committed: "never" } }

      """)
    let run = ScenarioRunner(subject: .reference).replay(fileAt: path, seed: nil)
    let failure = try #require(run.result.failures.first { $0.check == CheckID(.state, "snapshot") })
    let taken = try #require(run.timeline.events(ScenarioSnapshotEvent.self).first)
    #expect(failure.virtualTime == taken.time.seconds)
    #expect(failure.audioTime != nil)
  }
}
