import AVFAudioTwin
import CoreMediaTwin
import SimulatedDevice
import Simulation
import SpeechReplay
import SpeechTwin
import Testing

/// Invariant messages that follow the evidence: the trap is named only when the timeline supports it,
/// and what the stack could not help (the model dropping a guess, an interruption) is no break.
/// Timelines are built from the typed views, so every event carries the fields its readers require.
struct InvariantEvidenceTests {
  /// A timeline under construction, one event at a time.
  struct Events {
    var events: [TraceEvent] = []
    mutating func add(_ seconds: Double, _ typed: some TypedTraceEvent) {
      events.append(
        TraceEvent(
          sequence: events.count, time: .milliseconds(Int((seconds * 1000).rounded())), kind: type(of: typed).kind,
          fields: typed.fields))
    }
    mutating func add(_ seconds: Double, _ kind: TraceEvent.Kind, _ fields: [(String, String)] = []) {
      events.append(
        TraceEvent(
          sequence: events.count, time: .milliseconds(Int((seconds * 1000).rounded())), kind: kind,
          fields: fields.map { TraceEvent.Field($0.0, $0.1) }))
    }
    mutating func state(_ seconds: Double, _ phase: String, committed: String = "", volatile: String = "") {
      add(
        seconds,
        UIStateEvent(
          phase: phase, microphoneOffered: true, committed: committed, volatile: volatile, audio: .seconds(seconds)))
    }
    mutating func result(_ seconds: Double, _ text: String, final: Bool) {
      add(
        seconds,
        AnalyzerResultEvent(
          analyzer: "analyzer 1", isFinal: final, start: .zero, end: CMTime(seconds: seconds, preferredTimescale: 1000),
          text: text))
    }
    mutating func input(_ seconds: Double) {
      add(
        seconds,
        AnalyzerInputEvent(
          analyzer: "analyzer 1", start: CMTime(seconds: max(0, seconds - 0.1), preferredTimescale: 1000),
          end: CMTime(seconds: seconds, preferredTimescale: 1000), format: "16 kHz", accepted: true))
    }
    /// A session that showed "hello world" as volatile when the user tapped stop at 2 s.
    static func stoppedWithAGuess() -> Events {
      var events = Events()
      events.add(0, ScenarioStepEvent(step: "start", line: 1))
      events.state(0, "listening")
      events.input(0.5)
      events.result(1, "hello world", final: false)
      events.state(1, "listening", volatile: "hello world")
      events.add(2, ScenarioStepEvent(step: "stop", line: 2))
      events.state(2, "stopping", volatile: "hello world")
      return events
    }
    var checker: InvariantChecker { InvariantChecker(timeline: Timeline(events: events)) }
  }

  @Test func aModelFailureAtTheStopIsToldAsSuchAndDoesNotAskForFinalizing() throws {
    var events = Events.stoppedWithAGuess()
    events.add(2, .analyzerFinish, [("analyzer", "analyzer 1"), ("error", "the speech model stopped")])
    events.add(2, SubjectReturnedEvent(.stop))
    events.state(2, "idle", volatile: "hello world")
    let violation = try #require(events.checker.firstViolation(of: .nothingLostAtStop))
    #expect(violation.message.contains("the model failed while the session finished (the speech model stopped)"))
    #expect(violation.message.contains("with the guess still on screen"))
    #expect(violation.pointsAt?.contains("finalizeAndFinishThroughEndOfInput") == false)
    #expect(violation.pointsAt?.contains("show the failure") == true)
  }

  /// Found by exploring an app's stack: it cleared the guess and ended idle; the message said the
  /// guess was still on screen.
  @Test func aModelFailureAtTheStopThatClearedTheGuessSaysSo() throws {
    var events = Events.stoppedWithAGuess()
    events.add(2, .analyzerFinish, [("analyzer", "analyzer 1"), ("error", "the speech model stopped")])
    events.add(2, SubjectReturnedEvent(.stop))
    events.state(2, "idle")
    let violation = try #require(events.checker.firstViolation(of: .nothingLostAtStop))
    #expect(violation.message.contains("and cleared the guess"))
    #expect(!violation.message.contains("still on screen"))
  }

  @Test func aFinalPublishedAfterFinalizeButNeverCommittedPointsAtReadingResultsTooBriefly() throws {
    var events = Events.stoppedWithAGuess()
    events.result(2, "Hello world.", final: true)
    events.add(2, .analyzerFinalize, [("analyzer", "analyzer 1"), ("through", "2.000")])
    events.add(2, SubjectReturnedEvent(.stop))
    events.state(2, "idle")
    let violation = try #require(events.checker.firstViolation(of: .nothingLostAtStop))
    #expect(violation.message.contains("published the final \"Hello world.\", but it never reached the committed text"))
    #expect(violation.pointsAt?.contains("finalized results may still be queued") == true)
  }

  @Test func aGuessTheModelFinalizedToNothingIsNotLost() {
    var events = Events.stoppedWithAGuess()
    events.result(2, "", final: true)
    events.add(2, .analyzerFinalize, [("analyzer", "analyzer 1"), ("through", "2.000")])
    events.add(2, SubjectReturnedEvent(.stop))
    events.state(2, "idle")
    #expect(events.checker.firstViolation(of: .nothingLostAtStop) == nil)
  }

  @Test func stoppingWithoutFinalizingStillNamesThatTrap() throws {
    var events = Events.stoppedWithAGuess()
    events.add(2, SubjectReturnedEvent(.stop))
    events.state(2, "idle")
    let violation = try #require(events.checker.firstViolation(of: .nothingLostAtStop))
    #expect(violation.pointsAt == Invariant.nothingLostAtStop.trap)
    #expect(violation.message.hasSuffix("the last words were lost"))
  }

  /// Listening from 0 s with buffers and input every 100 ms, except between `gap`'s bounds.
  func listening(gap: ClosedRange<Double>, interrupted: Bool, inputs: Bool = true) -> Events {
    var events = Events()
    events.add(0, ScenarioStepEvent(step: "start", line: 1))
    events.add(0, .engineStart, [("input", "true"), ("format", "48 kHz")])
    events.state(0, "listening")
    if interrupted { events.add(gap.lowerBound, .microphoneInterruption, [("phase", "began")]) }
    if interrupted {
      events.add(gap.upperBound, .microphoneInterruption, [("phase", "ended"), ("shouldResume", "true")])
    }
    for tick in 1...80 {
      let seconds = Double(tick) / 10
      guard !gap.contains(seconds) else { continue }
      events.add(seconds, EngineBufferEvent(sampleTime: AVAudioFramePosition(tick * 4800), frames: 4800))
      if inputs || seconds < gap.lowerBound { events.input(seconds) }
    }
    events.events.sort { $0.time < $1.time }
    return events
  }

  @Test func listeningWithoutBuffersBreaksListeningHearsAudioUnlessAnInterruptionExplainsIt() throws {
    let silent = listening(gap: 2...6, interrupted: false)
    let violation = try #require(silent.checker.firstViolation(of: .listeningHearsAudio))
    #expect(violation.message.contains("the microphone delivered no buffer"), "\(violation)")
    #expect(listening(gap: 2...6, interrupted: true).checker.firstViolation(of: .listeningHearsAudio) == nil)
  }

  @Test func aMicrophoneWithLongTapBuffersIsGivenItsIntervalBeforeTheFirstArrives() {
    // 65536 frames at 16 kHz: the first buffer comes after 4.1 s.
    var events = Events()
    events.add(0, ScenarioStepEvent(step: "start", line: 1))
    events.add(0, .engineStart, [("input", "true"), ("format", "16 kHz")])
    events.state(0, "listening")
    events.state(3, "idle")
    var checker = events.checker
    #expect(checker.firstViolation(of: .listeningHearsAudio) != nil)
    checker.tapInterval = .seconds(65536.0 / 16000)
    #expect(checker.firstViolation(of: .listeningHearsAudio) == nil)
  }

  @Test func buffersThatNeverReachTheAnalyzerBreakListeningHearsAudio() throws {
    let deaf = listening(gap: 2...2.05, interrupted: false, inputs: false)
    let violation = try #require(deaf.checker.firstViolation(of: .listeningHearsAudio))
    #expect(violation.message.contains("the analyzer took no input"), "\(violation)")
    #expect(listening(gap: 2...2.05, interrupted: false).checker.firstViolation(of: .listeningHearsAudio) == nil)
  }

  @Test func committedTextKeptAcrossSessionsIsTheModelsFinals() {
    var events = Events()
    events.add(0, ScenarioStepEvent(step: "start", line: 1))
    events.result(1, "Hello.", final: true)
    events.state(1, "listening", committed: "Hello.")
    events.add(2, ScenarioStepEvent(step: "start", line: 2))
    events.result(3, "Hello.", final: true)
    events.state(3, "listening", committed: "Hello. Hello.")
    #expect(events.checker.firstViolation(of: .committedIsFinals) == nil)
    // The same text from one final is committed twice.
    var twice = Events()
    twice.add(0, ScenarioStepEvent(step: "start", line: 1))
    twice.result(1, "Hello.", final: true)
    twice.state(1, "listening", committed: "Hello. Hello.")
    #expect(twice.checker.firstViolation(of: .committedIsFinals)?.message.contains("committed twice") == true)
  }
}
