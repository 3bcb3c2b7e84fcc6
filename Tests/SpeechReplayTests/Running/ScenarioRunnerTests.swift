import AVFAudioTwin
import Foundation
import ReferenceSubjects
import Simulation
import SpeechReplay
import SpeechReplayTestSupport
import SpeechTwin
import Synchronization
import Testing

@Suite(.serialized) struct ScenarioRunnerTests {
  let runner = ScenarioRunner(subject: .reference)

  func run(_ yaml: String, seed: UInt64? = nil, subject: SubjectFactory = .reference) throws -> ScenarioRun {
    ScenarioRunner(subject: subject).replay(fileAt: try TestFiles.write(yaml), seed: seed)
  }

  static let hello = """
    schema: 1
    name: hello
    audio: audio/hello-world.wav
    model: { transcript: audio/hello-world.words.tsv }
    steps:
      - start
      - play: end
      - wait: 1s
      - stop
    expect:
      final: { committed: "Hello world.", volatile: "", phase: idle, microphone: offered }

    """

  @Test func aScenarioPassesAndRecordsItsTimeline() throws {
    let run = try run(Self.hello)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    #expect(run.result.name == "hello")
    #expect(run.result.seed == 1, "default seed")
    #expect(run.finalState == UIState(committed: "Hello world.", volatile: "", phase: .idle, microphoneOffered: true))
    let timeline = run.timeline
    #expect(timeline.count(EngineBufferEvent.self) > 10)
    // One conversion per tap buffer, and one more at the stop that drains the converter's tail.
    #expect(timeline.count(of: .converterConvert) == timeline.count(EngineBufferEvent.self) + 1)
    #expect(timeline.events(AnalyzerInputEvent.self).allSatisfy { $0.accepted })
    #expect(timeline.count(AnalyzerResultEvent.self) >= 2)
    let states = timeline.events(UIStateEvent.self)
    #expect(states.first?.isIdle == true)
    #expect(states.contains { $0.isListening })
    #expect(states.contains { $0.volatile == "hello" }, "a volatile guess was shown")
    #expect(states.last?.committed == "Hello world.")
    #expect(
      states.last.map { $0.audio >= .seconds(1) && $0.audio < .seconds(2) } == true,
      "the UI state carries the audio heard: \(states.last.map { "\($0.event)" } ?? "")")
    #expect(timeline.events(ScenarioStepEvent.self).map(\.step) == ["start", "play: end", "wait: 1s", "stop"])
    #expect(run.result.figures["results"] == Double(timeline.count(AnalyzerResultEvent.self)))
    #expect(run.result.figures["uiStates"] == Double(states.count))
    #expect((run.result.figures["virtualSeconds"] ?? 0) > 2.5)
    #expect(run.result.traceHash.count == 16)
  }

  @Test func aWrongExpectationFailsAtItsLocation() throws {
    let yaml = Self.hello.replacingOccurrences(of: "committed: \"Hello world.\"", with: "committed: \"Hello word.\"")
    let path = try TestFiles.write(yaml)
    let result = runner.run(fileAt: path, seed: nil)
    #expect(result.status == .failed)
    #expect(
      result.failures.map(\.description) == [
        "\(path):11:23: committed text at the end is \"Hello world.\", expected \"Hello word.\""
      ])
  }

  @Test func anInvalidFileIsAFailedResultWithItsLocation() throws {
    let path = try TestFiles.write("schema: 1\nsteps: [{ wait: forever }]\n")
    let result = runner.run(fileAt: path, seed: 5)
    #expect(result.status == .failed)
    #expect(result.seed == 5)
    #expect(
      result.failures.map(\.description) == ["\(path):2:17: 'forever' is not a duration; write 2s, 500ms or 1.5s"])
  }

  @Test func theSameSeedGivesTheSameTrace() throws {
    let yaml = Self.hello.replacingOccurrences(
      of: "audio: audio/hello-world.wav", with: "audio: audio/hello-world.wav\ndevice: { microphone: { jitter: 20ms } }"
    )
    let path = try TestFiles.write(yaml)
    let first = runner.replay(fileAt: path, seed: 3)
    let second = runner.replay(fileAt: path, seed: 3)
    let other = runner.replay(fileAt: path, seed: 4)
    #expect(first.result.status == .passed, "\(first.result.failures)")
    #expect(first.result.traceHash == second.result.traceHash)
    #expect(first.timeline == second.timeline)
    #expect(first.result.traceHash != other.result.traceHash, "the seed drives the jitter")
  }

  @Test func theScenarioSeedIsUsedUnlessOverridden() throws {
    let path = try TestFiles.write(Self.hello.replacingOccurrences(of: "name: hello", with: "name: hello\nseed: 9"))
    #expect(runner.run(fileAt: path, seed: nil).seed == 9)
    #expect(runner.run(fileAt: path, seed: 11).seed == 11)
  }

  @Test func networkOfflineIsSeenByTheSubjectAndOnlineLetsItRecover() throws {
    let run = try run(
      """
      schema: 1
      audio: audio/hello-world.wav
      device: { locales: { installed: [] }, network: offline, download: { duration: 1s } }
      model: { transcript: audio/hello-world.words.tsv }
      steps:
        - start
        - wait: 500ms
        - snapshot: offline
        - network: online
        - start
        - wait: 2s
        - play: end
        - wait: 1s
        - stop
      expect:
        snapshots: { offline: { phase: failed } }
        final: { committed: "Hello world.", phase: idle }
      """)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    #expect(
      run.snapshots["offline"]?.phase.description.contains("network") == true,
      "\(String(describing: run.snapshots["offline"]))")
    #expect(run.timeline.events(of: "device.network").map { $0["available"] } == ["true"])
  }

  @Test func permissionDeniedThenGranted() throws {
    let run = try run(
      """
      schema: 1
      audio: audio/hello-world.wav
      device: { permission: denied }
      model: { transcript: audio/hello-world.words.tsv }
      steps: [start, { wait: 100ms }, { snapshot: denied }, { permission: grant }, start, { play: end }, { wait: 1s }, stop]
      expect:
        snapshots: { denied: { phase: "failed: Microphone access is denied, so nothing can be transcribed. Allow microphone access for this app in Settings, then start again." } }
        final: { committed: "Hello world." }
      """)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    #expect(run.timeline.events(of: "device.permission").map { $0["record"] } == ["granted"])
  }

  @Test func installAndRemoveChangeWhetherTheModelIsOnTheDevice() throws {
    let run = try run(
      """
      schema: 1
      audio: audio/hello-world.wav
      device: { locales: { installed: [] }, network: offline }
      model: { transcript: audio/hello-world.words.tsv }
      steps: [{ install: en-US }, start, { play: end }, { wait: 1s }, stop, { remove: en-US }, start, { wait: 100ms }]
      expect:
        final: { committed: "Hello world.", phase: failed }
      """)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    #expect(run.timeline.events(of: "asset.change").map { $0["action"] } == ["install", "remove"])
  }

  @Test func anInterruptionStopsTheMicrophoneUntilItEnds() throws {
    let box = SubjectBox()
    let run = try run(
      """
      schema: 1
      audio: audio/hello-world.wav
      model: { transcript: audio/hello-world.words.tsv }
      steps: [start, { wait: 500ms }, { interrupt: 2s }, { play: end }, { wait: 1s }, stop]
      expect:
        final: { committed: "Hello world." }
      """, subject: box.factory)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    #expect(box.events == ["start", "stop"])
    let phases = run.timeline.events(of: "microphone.interruption")
    #expect(phases.map { $0["phase"] } == ["began", "ended"])
    if phases.count == 2 {
      let buffersDuring = run.timeline.events(of: "engine.buffer").filter {
        $0.time > phases[0].time && $0.time < phases[1].time
      }
      #expect(buffersDuring.isEmpty, "no microphone buffers while interrupted")
      #expect(phases[1].time - phases[0].time == .seconds(2))
    }
  }

  @Test func aRouteChangeReachesTheSubjectAndChangesTheHardwareFormat() throws {
    let box = SubjectBox()
    let run = try run(
      """
      schema: 1
      audio: audio/hello-world.wav
      model: { transcript: audio/hello-world.words.tsv }
      steps: [start, { play: 500ms }, { route: { sampleRate: 16000 } }, { play: end }, { wait: 1s }, stop]
      expect:
        final: { committed: "Hello world." }
      """, subject: box.factory)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    let frames = Set(run.timeline.events(of: "engine.buffer").map { $0["frames"] ?? "" })
    #expect(frames == ["4800", "1600"], "48 kHz callbacks, then 16 kHz ones of the same duration")
  }

  @Test func aCycleRunsItsStepsCountTimes() throws {
    let box = SubjectBox()
    let run = try run(
      """
      schema: 1
      steps:
        - cycle: { count: 4, steps: [start, { wait: 300ms }, { snapshot: on }, stop] }
      expect:
        snapshots: { on: { phase: listening } }
        final: { phase: idle }
      """, subject: box.factory)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    #expect(box.events == Array(repeating: ["start", "stop"], count: 4).flatMap { $0 })
    #expect(run.timeline.events(of: .scenarioCycle).map { $0["pass"] } == ["1", "2", "3", "4"])
    #expect(box.made == 1)
  }

  @Test func waitAndPlayDecideWhatTheMicrophoneHears() throws {
    let run = try run(
      """
      schema: 1
      audio: audio/hello-world.wav
      model: { transcript: audio/hello-world.words.tsv }
      steps: [start, { wait: 3s }, { snapshot: silent }, { play: 1s }, { snapshot: speaking }, stop]
      expect:
        snapshots:
          silent: { committed: "", volatile: "" }
          speaking: { volatile: "hello" }
      """)
    #expect(run.result.status == .passed, "\(run.result.failures)")
    #expect(run.timeline.events(of: "microphone.play").map { $0["playing"] } == ["true", "false"])
  }

  @Test func diagnosticsExpectations() throws {
    let none = try run(
      "schema: 1\naudio: audio/hello-world.wav\nsteps: [start, { play: 500ms }, stop]\nexpect: { diagnostics: none }\n")
    // The tap's bufferSize hint is a note: recorded, but harmless, so `none` (no warnings) holds.
    #expect(
      none.timeline.events(of: "diagnostic").contains {
        $0["message"]?.hasPrefix("the tap asked for 4096-frame buffers") == true
      })
    #expect(none.result.status == .passed, "\(none.result.failures)")
    let containing = try run(
      "schema: 1\naudio: audio/hello-world.wav\nsteps: [start, { play: 500ms }, stop]\nexpect: { diagnostics: [bufferSize is only a hint, nonsense] }\n"
    )
    #expect(containing.result.failures.count == 1)
    #expect(containing.result.failures.first?.message.hasPrefix("no diagnostic contains 'nonsense'") == true)
  }

  @Test func aSubjectFactoryThatThrowsFailsTheScenario() throws {
    let run = try run(Self.hello, subject: .unavailable)
    #expect(run.result.status == .failed)
    #expect(
      run.result.failures.map(\.message) == [
        "the run stopped: the subject factory 'none' could not make a subject: no subject to run the scenario against; pass a SubjectFactory that makes your stack to ScenarioRunner(subject:) (the repository's reference stack is SubjectFactory.reference in module ReferenceSubjects)"
      ])
  }

  @Test func aSubjectThatNeverReturnsIsADeadlockNamingTheWait() throws {
    let run = try run("schema: 1\nsteps: [start]\n", subject: SubjectFactory(name: "stuck") { _ in StuckSubject() })
    #expect(run.result.status == .failed)
    #expect(
      run.result.failures.first?.message.hasPrefix("the simulation did not finish: deadlock at virtual time") == true,
      "\(run.result.failures)")
    #expect(run.result.failures.first?.message.contains("StuckSubject.start") == true)
  }

  @Test func explainRendersTheTimeline() throws {
    let path = try TestFiles.write(Self.hello)
    let text = runner.explain(fileAt: path, seed: nil)
    #expect(text.hasPrefix("scenario: hello\nfile: \(path)\nseed: 1\nstatus: passed\ntrace hash: "))
    #expect(
      text.contains(
        "final state:\n  phase: idle\n  microphone: offered\n  committed: \"Hello world.\"\n  volatile: \"\"\n"))
    #expect(text.contains("\n   0.000s  scenario.step "))
    #expect(text.contains("ui.state") && text.contains("committed=\"Hello world.\""))
    let invalid = runner.explain(fileAt: try TestFiles.write("schema: 1\n"), seed: nil)
    #expect(invalid.contains("failure: ") && invalid.contains(":1:1: the scenario needs the key 'steps'"))
  }
}
