import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Synchronization
import Testing

/// The `dismiss` step: the runner lets go of the subject, which must be deallocated, and nothing
/// it made may outlive the screen.
@Suite struct DismissStepTests {
  static let steps = "schema: 1\nsteps:\n  - start\n  - wait: 200ms\n  - stop\n  - dismiss\n"

  @Test func aSubjectThatHoldsItselfFailsAtTheDismissNamingItsType() throws {
    let path = try TestFiles.write(Self.steps)
    let factory = SubjectFactory(name: "self-retaining") { _ in SelfRetainingSubject(leaksPipeline: false) }
    let result = ScenarioRunner(subject: factory).run(fileAt: path, seed: nil)
    #expect(result.status == .failed)
    let failure = try #require(
      result.failures.first { $0.message.contains("still alive after its screen was dismissed") })
    #expect(failure.message.contains("SelfRetainingSubject"))
    #expect(failure.location?.line == 6)
  }

  @Test func anObjectKeptByACacheOutlivesTheScreenAndIsNamed() throws {
    let path = try TestFiles.write(Self.steps)
    let factory = SubjectFactory(name: "caching") { _ in SelfRetainingSubject(leaksPipeline: true) }
    let result = ScenarioRunner(subject: factory).run(fileAt: path, seed: nil)
    let failure = try #require(result.failures.first { $0.message.contains("objects outlive the dismissed screen") })
    #expect(failure.message.contains("SelfRetainingSubject.AudioPipeline 0 → 1"), "\(failure)")
  }

  @Test func aSubjectThatLetsGoPassesAndTheNextStartOpensANewScreen() throws {
    let made = Counter()
    let factory = SubjectFactory(name: "well-behaved") { _ in
      made.increment()
      return WellBehavedSubject()
    }
    let path = try TestFiles.write(
      "schema: 1\nsteps: [start, stop, dismiss, start, { wait: 100ms }, { snapshot: reopened }, stop, dismiss]\nexpect:\n  snapshots: { reopened: { phase: listening } }\n"
    )
    let result = ScenarioRunner(subject: factory).run(fileAt: path, seed: nil)
    // Other tests of this process may hold twin objects of their own, so the check is on this run's failures by kind.
    #expect(
      !result.failures.contains {
        $0.message.contains("still alive") || $0.message.contains("reopened") || $0.message.contains("dismiss")
      }, "\(result.failures)")
    #expect(made.value == 2)
  }

  @Test func theReferenceStackIsFreedWhenItsScreenCloses() throws {
    let result = ScenarioRunner(subject: .reference).run(
      fileAt: TestFiles.scenarios.appendingPathComponent("dismiss-after-stop.yaml").path, seed: nil)
    #expect(!result.failures.contains { $0.message.contains("still alive") }, "\(result.failures)")
  }

  /// Found by `explore`: the analyzer twin's publisher slept until a delayed result's due time,
  /// holding the finished analyzer, so the reference stack failed the dismiss check.
  @Test func anAnalyzerFinishedDuringALatencySpikeIsFreedWithItsScreen() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      audio: audio/hello-world.wav
      model:
        locale: en-US
        transcript: audio/hello-world.words.tsv
        generate: { volatileEvery: 200ms, finalAfterSilence: 800ms, style: sentence }
        faults:
          - { latencySpike: [1080ms, 1430ms], extra: 2s }
      steps:
        - start
        - play: 1610ms
        - dismiss
      """)
    let result = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(result.status == .passed, "\(result.failures)")
    #expect(!result.failures.contains { $0.check == CheckID(.dismissal, "objects") })
  }

  /// Found by `explore` on an app's stack and the reference stack alike: a screen dismissed while
  /// its start was under way finishes that start, then lets go of what it opened once freed; the
  /// reopened screen's stop was judged before that, as if it had leaked.
  @Test func aScreenDismissedWhileStartingIsNotTheReopenedScreensLeak() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      audio: audio/hello-world.wav
      model: { transcript: audio/hello-world.words.tsv }
      steps:
      - start
      - dismiss
      - start
      - stop
      device:
        microphone: { tapFrames: 1600 }
      seed: 956108
      """)
    let result = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(
      !result.failures.contains { $0.check == CheckID(.invariant, "ledger-baseline-after-stop") },
      "\(result.failures.map(\.message))")
    #expect(!result.failures.contains { $0.check.family == .dismissal }, "\(result.failures.map(\.message))")
  }

  @Test func aStopAfterADismissIsAFailureAtItsStep() throws {
    let path = try TestFiles.write("schema: 1\nsteps: [start, stop, dismiss, stop]\n")
    let result = ScenarioRunner(subject: SubjectFactory(name: "well-behaved") { _ in WellBehavedSubject() }).run(
      fileAt: path, seed: nil)
    let failure = try #require(result.failures.first { $0.message.contains("a stop after a dismiss") })
    #expect(failure.location?.line == 2)
  }

  @Test func dismissTakesNoValue() throws {
    let path = try TestFiles.write("schema: 1\nsteps:\n  - dismiss: now\n")
    let result = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(
      result.failures.map(\.description) == ["\(path):3:14: the step 'dismiss' takes no value; write '- dismiss'"])
  }
}

/// A count shared between the factory (on the simulation's main actor) and the test.
final class Counter: Sendable {
  private let storage = Mutex(0)
  func increment() { storage.withLock { $0 += 1 } }
  var value: Int { storage.withLock { $0 } }
}
