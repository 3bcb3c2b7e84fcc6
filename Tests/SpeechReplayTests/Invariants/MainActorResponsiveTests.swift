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

  /// A job that waits (no CPU used) is charged the time it blocked: only the time its thread queued,
  /// runnable, for a CPU behind other processes is left out (`ThreadClock`).
  @Test func aStartThatWaitsOnTheMainActorIsAHang() throws {
    let path = try TestFiles.write(Self.scenario(bound: "50ms"))
    let factory = SubjectFactory(name: "waiting") { _ in BlockingSubject(blockFor: .milliseconds(300), waits: true) }
    let result = ScenarioRunner(subject: factory).run(fileAt: path, seed: nil)
    let failure = try #require(
      result.failures.first { $0.message.contains("main-actor-responsive") }, "\(result.failures)")
    #expect(failure.message.contains("over the hang bound of 50 ms"), "\(failure.message)")
  }

  @Test func theHarnessesOwnWorkInAMainActorJobIsNoHang() throws {
    let path = try TestFiles.write(Self.scenario(bound: "50ms"))
    let factory = SubjectFactory(name: "blocking") { _ in
      BlockingSubject(blockFor: .milliseconds(300), asHarnessWork: true)
    }
    let result = ScenarioRunner(subject: factory).run(fileAt: path, seed: nil)
    #expect(!result.failures.contains { $0.message.contains("main-actor-responsive") }, "\(result.failures)")
  }

  /// Without the jobs kept (what `run(fileAt:)` and workers that write no timeline do), the check
  /// reads the thread's clocks again only after a job past the bound in wall time: the hang is still
  /// found, with its origin, and no job is kept.
  @Test func withoutTheJobsKeptAHangIsStillFound() throws {
    let path = try TestFiles.write(Self.scenario(bound: "50ms"))
    let factory = SubjectFactory(name: "blocking") { _ in BlockingSubject(blockFor: .milliseconds(300)) }
    var runner = ScenarioRunner(subject: factory)
    runner.keepsMainActorJobs = false
    let run = runner.replay(fileAt: path, seed: nil)
    #expect(run.mainActorJobs.isEmpty)
    let failure = try #require(
      run.result.failures.first { $0.message.contains("main-actor-responsive") }, "\(run.result.failures)")
    #expect(failure.message.contains("ui.state"), "\(failure.message)")
    runner.keepsMainActorJobs = true
    #expect(!runner.replay(fileAt: path, seed: nil).mainActorJobs.isEmpty)
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

  @Test func everyMainActorJobIsKeptWithItsWallTimeOutsideTheTraceHash() throws {
    let path = try TestFiles.write(Self.scenario(bound: "2s"))
    func replay(blockFor: Duration) -> ScenarioRun {
      let factory = SubjectFactory(name: "blocking") { _ in BlockingSubject(blockFor: blockFor) }
      return ScenarioRunner(subject: factory).replay(fileAt: path, seed: nil)
    }
    let blocking = replay(blockFor: .milliseconds(300))
    let quick = replay(blockFor: .zero)
    #expect(blocking.result.status == .passed, "\(blocking.result.failures)")
    // The same jobs at the same virtual times recording the same events; only wall time differs,
    // and it is not in the trace or its hash.
    #expect(!blocking.mainActorJobs.isEmpty)
    #expect(blocking.result.traceHash == quick.result.traceHash)
    #expect(blocking.timeline == quick.timeline)
    #expect(blocking.mainActorJobs.map(\.virtualTime) == quick.mainActorJobs.map(\.virtualTime))
    #expect(blocking.mainActorJobs.map(\.events) == quick.mainActorJobs.map(\.events))
    // The job that blocked is the one that recorded the UI change it made, and it spun for 300 ms.
    let listening = try #require(blocking.timeline.events(UIStateEvent.self).first { $0.event.phase == "listening" })
    let job = try #require(blocking.mainActorJobs.first { $0.events.contains(listening.sequence) })
    #expect(job.wallTime >= .milliseconds(300))
    #expect(job.virtualTime == listening.time)
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
