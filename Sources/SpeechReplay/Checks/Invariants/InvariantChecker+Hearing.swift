import AVFAudioTwin
import SimulatedDevice
import Simulation
import SpeechTwin

extension InvariantChecker {
  /// `listening-hears-audio`: while the UI shows `listening` (and no interruption is under way), the
  /// microphone delivers tap buffers and the analyzer takes input (for a stack on the legacy
  /// `SFSpeechRecognizer`, its recognition task takes the buffers the app appends), each within the hearing bound of
  /// the moment listening began or resumed and of its previous buffer or input. A stack that shows
  /// `listening` after an interruption it never resumed from, or after a route change that restarted
  /// only the engine, breaks it: the user talks to a screen that hears nothing.
  func listeningHearsAudio() -> InvariantViolation? {
    var watch = HearingWatch(bound: hearingBound)
    let kinds: [TraceEvent.Kind] = [
      UIStateEvent.kind, .microphoneInterruption, .microphoneRoute, .engineStart, EngineBufferEvent.kind,
      AnalyzerInputEvent.kind, .recognitionInput,
    ]
    for event in timeline.events.only(kinds) {
      if let violation = watch.take(event) { return violation }
    }
    // Still listening at the end of the run: the last stretch counts up to the last event.
    return watch.check(at: timeline.events.last?.time ?? .zero)
  }

  /// What `listening-hears-audio` follows through a run, one event at a time.
  private struct HearingWatch {
    let bound: Duration
    var limit: Double { DurationText.seconds(bound) }
    var listening = false, interrupted = false
    // When the current stretch of listening without an interruption began, and the latest buffer
    // and input (each counted from that moment at the earliest).
    var since: Double?, lastBuffer = 0.0, lastInput = 0.0
    var lastBufferTime: Duration = .zero, buffersSinceInput = 0
    // A subject that reads a file shows listening without a microphone: buffers are expected only
    // from a stack that started an engine.
    var engineStarted = false

    init(bound: Duration) { self.bound = bound }

    /// The break when the stretch of listening up to `time` went too long without a buffer or input.
    func check(at time: Duration) -> InvariantViolation? {
      guard let since else { return nil }
      let now = DurationText.seconds(time)
      if engineStarted, now - max(since, lastBuffer) > limit {
        return InvariantViolation(
          .listeningHearsAudio, at: time,
          "the UI showed listening from \(Timeline.seconds(.seconds(since))) without an interruption under way, but the microphone delivered no buffer for \(String(format: "%.1f", now - max(since, lastBuffer))) s (bound \(DurationText.text(bound))): no engine ran, so nothing the user said was heard"
        )
      }
      if buffersSinceInput >= 2, DurationText.seconds(lastBufferTime) - max(since, lastInput) > limit {
        return InvariantViolation(
          .listeningHearsAudio, at: lastBufferTime,
          "the UI showed listening and the microphone delivered \(buffersSinceInput) buffers from \(Timeline.seconds(.seconds(max(since, lastInput)))), but the analyzer took no input for \(String(format: "%.1f", DurationText.seconds(lastBufferTime) - max(since, lastInput))) s (bound \(DurationText.text(bound))): the tap's audio does not reach the analyzer, so nothing the user said was heard"
        )
      }
      return nil
    }

    mutating func begin(_ time: Duration) {
      since = DurationText.seconds(time)
      buffersSinceInput = 0
    }

    /// Follows one event; the break it reveals, if any.
    mutating func take(_ event: TraceEvent) -> InvariantViolation? {
      switch event.kind {
      case UIStateEvent.kind:
        guard let state = UIStateEvent(event) else { return nil }
        let now = state.phase.hasPrefix("listening")
        if now != listening {
          if let violation = check(at: event.time) { return violation }
          listening = now
          if listening && !interrupted { begin(event.time) } else { since = nil }
        }
      case .microphoneInterruption:
        let began = event.fields.value("phase") == "began"
        if began, let violation = check(at: event.time) { return violation }
        interrupted = began
        if !began && listening { begin(event.time) } else if began { since = nil }
      case .microphoneRoute:
        // A route change restarts the engine: its first buffer may take a moment.
        if let violation = check(at: event.time) { return violation }
        if since != nil { begin(event.time) }
      case .engineStart:
        engineStarted = true
      case EngineBufferEvent.kind:
        // The silence before this buffer first, then the buffer's own wait for the analyzer.
        if let violation = check(at: event.time) { return violation }
        lastBuffer = DurationText.seconds(event.time)
        lastBufferTime = event.time
        if since != nil { buffersSinceInput += 1 }
        return check(at: event.time)
      case AnalyzerInputEvent.kind, .recognitionInput:
        // A legacy stack's input is what it appends to its SFSpeechAudioBufferRecognitionRequest.
        lastInput = DurationText.seconds(event.time)
        buffersSinceInput = 0
      default:
        break
      }
      return nil
    }
  }

  /// How long a listening stack may go without a tap buffer or without the analyzer taking input:
  /// the lag bound, plus as many tap intervals as the model's compute cost takes to read one buffer
  /// (a slow model reads a long buffer late), plus one interval. The interval is the longer of the
  /// one measured and the microphone's configured one (``tapInterval``): a 65536-frame tap at 16 kHz
  /// delivers its first buffer after 4 s, before which none can be measured (found by `explore`).
  var hearingBound: Duration {
    let interval = max(typicalTapInterval, DurationText.seconds(tapInterval))
    return maximumInputLag + .seconds(interval * (1 + max(1, modelCost)))
  }

  /// The median time between consecutive tap buffers (0 with fewer than two).
  private var typicalTapInterval: Double {
    var gaps: [Double] = []
    var previous: Duration?
    for event in timeline.events.only([EngineBufferEvent.kind]) {
      if let previous { gaps.append(DurationText.seconds(event.time - previous)) }
      previous = event.time
    }
    guard !gaps.isEmpty else { return 0 }
    gaps.sort()
    return gaps[gaps.count / 2]
  }
}
