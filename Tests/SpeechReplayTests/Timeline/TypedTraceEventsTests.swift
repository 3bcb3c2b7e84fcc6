import AVFAudioTwin
import ReferenceSubjects
import SimulatedDevice
import Simulation
import SpeechReplayTestSupport
import SpeechTwin
import Testing

@testable import SpeechReplay

/// Every typed view reads every event of its kind that real runs record, and gives its fields back
/// byte for byte: emitter and readers share one contract, and the canonical lines stay as they were.
@Suite(.serialized) struct TypedTraceEventsTests {
  /// Reads every event of `Event`'s kind in `timeline` and checks it writes the same fields; returns how many.
  static func roundTrips<Event: TypedTraceEvent>(_ type: Event.Type, in timeline: Timeline) -> Int {
    let events = timeline.events(of: Event.kind)
    for event in events {
      let view = Event(event)
      #expect(view != nil, "\(Event.self) cannot read \(event.canonicalLine)")
      #expect(view?.fields == event.fields, "\(Event.self): \(event.canonicalLine)")
    }
    #expect(timeline.events(Event.self).map(\.sequence) == events.map(\.sequence))
    return events.count
  }

  static func run(_ file: String) -> Timeline {
    ScenarioRunner(subject: .reference, snapshots: SnapshotOptions()).replay(
      fileAt: TestFiles.scenarios.appendingPathComponent(file).path, seed: nil
    ).timeline
  }

  @Test(arguments: [
    "hello-world.yaml", "start-stop-cycles.yaml", "download-progress.yaml", "slow-model-bounded-input.yaml",
    "route-change.yaml",
  ])
  func everyRecordedEventRoundTripsThroughItsView(file: String) {
    let timeline = Self.run(file)
    var counts: [String: Int] = [:]
    counts["analyzer.input"] = Self.roundTrips(AnalyzerInputEvent.self, in: timeline)
    counts["analyzer.result"] = Self.roundTrips(AnalyzerResultEvent.self, in: timeline)
    counts["analyzer.start"] = Self.roundTrips(AnalyzerStartEvent.self, in: timeline)
    counts["engine.buffer"] = Self.roundTrips(EngineBufferEvent.self, in: timeline)
    counts["microphone.play"] = Self.roundTrips(MicrophonePlayEvent.self, in: timeline)
    counts["ledger.acquire"] = Self.roundTrips(ResourceAcquiredEvent.self, in: timeline)
    counts["ledger.release"] = Self.roundTrips(ResourceReleasedEvent.self, in: timeline)
    counts["ui.state"] = Self.roundTrips(UIStateEvent.self, in: timeline)
    counts["scenario.step"] = Self.roundTrips(ScenarioStepEvent.self, in: timeline)
    counts["subject.returned"] = Self.roundTrips(SubjectReturnedEvent.self, in: timeline)
    counts["stack.input"] = Self.roundTrips(StackInputEvent.self, in: timeline)
    counts["scenario.cycle"] = Self.roundTrips(ScenarioCycleEvent.self, in: timeline)
    counts["scenario.snapshot"] = Self.roundTrips(ScenarioSnapshotEvent.self, in: timeline)
    // start-stop-cycles.yaml plays no audio.
    for kind in [
      "analyzer.input", "analyzer.start", "engine.buffer", "ledger.acquire", "ledger.release", "ui.state",
      "scenario.step", "subject.returned", "stack.input",
    ] {
      #expect(counts[kind, default: 0] > 0, "\(file) recorded no \(kind)")
    }
    if file == "start-stop-cycles.yaml" {
      #expect(counts["scenario.cycle", default: 0] > 0)
    } else {
      #expect(counts["microphone.play", default: 0] > 0, "\(file)")
    }
    if file == "download-progress.yaml" { #expect(counts["scenario.snapshot", default: 0] > 0) }
  }

  @Test func theTimelineHandsOutTypedEventsWithSequenceAndTime() throws {
    let timeline = Timeline(events: [
      ScenarioStepEvent(step: "start", line: 7).event(sequence: 0, time: .zero),
      UIStateEvent(
        phase: "listening", microphoneOffered: true, committed: "", volatile: "the", audio: .milliseconds(1250)
      ).event(sequence: 1, time: .seconds(1)),
      TraceEvent(sequence: 2, time: .seconds(2), kind: .uiState, fields: [.init("phase", "idle")]),
    ])
    let states = timeline.events(UIStateEvent.self)
    #expect(states.count == 1)
    let state = try #require(states.first)
    #expect((state.sequence, state.time, state.volatile, state.isListening) == (1, .seconds(1), "the", true))
    #expect(state.event.fields.last == TraceEvent.Field("audio", "1.250s"))
    #expect(timeline.count(UIStateEvent.self) == 1)
    #expect(timeline.unreadableCount(UIStateEvent.self) == 1)
    #expect(timeline.events(ScenarioStepEvent.self).map(\.isStart) == [true])
  }

  @Test func harnessViewsAreNilWhenAFieldIsMissingOrUnreadable() {
    let state = UIStateEvent(phase: "idle", microphoneOffered: false, committed: "a", volatile: "", audio: .zero).event(
      sequence: 0, time: .zero)
    #expect(UIStateEvent(state)?.isIdle == true)
    for name in ["phase", "microphone", "committed", "volatile", "audio"] {
      var event = state
      event.fields.removeAll { $0.name == name }
      #expect(UIStateEvent(event) == nil, "without \(name)")
    }
    var badAudio = state
    badAudio.fields[4].value = "1.25"
    #expect(UIStateEvent(badAudio) == nil)
    var badCall = SubjectReturnedEvent(.stop).event(sequence: 0, time: .zero)
    badCall.fields[0].value = "pause"
    #expect(SubjectReturnedEvent(badCall) == nil)
    var badLimit = StackInputEvent(queued: 1, peak: 2, dropped: 0, limit: 8).event(sequence: 0, time: .zero)
    badLimit.fields[3].value = "unbounded"
    #expect(StackInputEvent(badLimit) == nil)
    #expect(ScenarioStepEvent(step: "route: 16000 Hz, 1 channel", line: 3).routeSampleRate == 16000)
    #expect(ScenarioStepEvent(state) == nil, "another kind")
  }
}

/// The reader of `UIStateEvent`'s durations (`1.250s`, as `Timeline.seconds(_:)` writes them).
@Suite struct UIStateEventDurationTests {
  @Test(
    arguments: [(("0.000s"), 0), ("1.250s", 1_250), ("605.001s", 605_001), ("12.300s", 12_300)] as [(String, Int64)])
  func readsSecondsWithThreeDecimals(text: String, milliseconds: Int64) {
    #expect(UIStateEvent.duration(text) == .milliseconds(milliseconds))
  }

  @Test(arguments: [
    "", "s", "1s", "1.25s", "1.2500s", ".250s", "1.250", "1.250ss", "1..250s", "-1.250s", "1.2a0s", "１.250s", "1.250s ",
    "9999999999999999.000s",
  ])
  func rejectsAnythingElse(text: String) {
    #expect(UIStateEvent.duration(text) == nil, "\(text)")
  }
}
