import Foundation
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// `main-actor-responsive`: a main-actor job that holds the thread past the hang bound fails the
/// run, naming what the job recorded; short jobs never do.
@Suite(.serialized) struct MainActorResponsiveTests {
  static func scenario(bound: String) -> String {
    "schema: 1\nsteps: [start, { wait: 100ms }, stop]\nexpect:\n  invariants:\n    mainActorHang: \(bound)\n"
  }

  @Test func aStartThatBlocksTheMainActorIsAHangNamingItsOrigin() throws {
    let path = try TestFiles.write(Self.scenario(bound: "50ms"))
    let factory = SubjectFactory(name: "blocking") { _ in BlockingSubject(blockFor: .milliseconds(300)) }
    let result = ScenarioRunner(subject: factory).run(fileAt: path, seed: nil)
    let failure = try #require(
      result.failures.first { $0.message.contains("main-actor-responsive") }, "\(result.failures)")
    #expect(failure.message.contains("over the hang bound of 50 ms"))
    #expect(failure.message.contains("ui.state"), "the job recorded the UI change it made: \(failure.message)")
    #expect(failure.location?.line == 5)  // expect.invariants, where the bound is set
  }

  @Test func theHarnessesOwnWorkInAMainActorJobIsNoHang() throws {
    let path = try TestFiles.write(Self.scenario(bound: "50ms"))
    let factory = SubjectFactory(name: "blocking") { _ in
      BlockingSubject(blockFor: .milliseconds(300), asHarnessWork: true)
    }
    let result = ScenarioRunner(subject: factory).run(fileAt: path, seed: nil)
    #expect(!result.failures.contains { $0.message.contains("main-actor-responsive") }, "\(result.failures)")
  }

  @Test func quickJobsAreNoHang() throws {
    let path = try TestFiles.write(Self.scenario(bound: "2s"))
    let factory = SubjectFactory(name: "blocking") { _ in BlockingSubject(blockFor: .zero) }
    let result = ScenarioRunner(subject: factory).run(fileAt: path, seed: nil)
    #expect(!result.failures.contains { $0.message.contains("main-actor-responsive") }, "\(result.failures)")
  }

  @Test func switchedOffTheJobsAreNotMeasured() throws {
    let path = try TestFiles.write(
      "schema: 1\nsteps: [start, { wait: 100ms }, stop]\nexpect:\n  invariants:\n    off: { main-actor-responsive: \"loads its model synchronously on purpose\" }\n"
    )
    let factory = SubjectFactory(name: "blocking") { _ in BlockingSubject(blockFor: .milliseconds(300)) }
    let result = ScenarioRunner(subject: factory).run(fileAt: path, seed: nil)
    #expect(!result.failures.contains { $0.message.contains("main-actor-responsive") }, "\(result.failures)")
  }

  @Test func aBoundBelowTenMillisecondsIsRefusedAtItsKey() throws {
    let path = try TestFiles.write(Self.scenario(bound: "1ms"))
    let result = ScenarioRunner(subject: .unavailable).run(fileAt: path, seed: nil)
    #expect(
      result.failures.map(\.description) == [
        "\(path):5:20: 'expect.invariants.mainActorHang' must be at least 10ms: shorter jobs are scheduling noise, not hangs"
      ])
  }
}
