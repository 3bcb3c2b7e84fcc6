import Foundation
import ReferenceSubjects
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
    #expect(try Scenario.load(fileAt: path).expectations.trap == "stops without finalizing")
    let none = try TestFiles.write(Self.base + "  final: { phase: idle }\n")
    #expect(try Scenario.load(fileAt: none).expectations.trap == nil)
  }

  @Test(arguments: ["  trap: \"\"\n", "  trap:\n", "  trap: [a, b]\n", "  trap: { a: b }\n"])
  func rejectsATrapThatNamesNothing(line: String) throws {
    let path = try TestFiles.write(Self.base + line)
    #expect {
      _ = try Scenario.load(fileAt: path)
    } throws: { error in
      let text = (error as? ScenarioError)?.description ?? ""
      return text.hasPrefix("\(path):12:") && text.contains("'expect.trap' must name the trap this scenario guards against")
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
    #expect(messages.contains("committed text at the end is \"Hello world.\", expected \"Goodbye.\"; this scenario guards against: the demo trap"))
    // The invariant expected to break did not: its failure is not re-labelled with the scenario's trap.
    let invariant = messages.filter { $0.contains("no-stutter") }
    #expect(!invariant.isEmpty, "\(messages)")
    #expect(invariant.allSatisfy { !$0.contains("this scenario guards against") }, "\(invariant)")
  }
}
