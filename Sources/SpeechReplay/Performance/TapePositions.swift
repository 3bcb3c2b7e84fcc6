import Simulation

/// Where the microphone's play position (seconds into the audio file) stood at each tap buffer of
/// a run, read back from the timeline: `engine.buffer` events while `microphone.play` is on move
/// the position by `frames / hardware rate`, and a `route:` step changes the hardware rate.
///
/// Read from the timeline rather than recorded by the session, so the trace (and its hash) stays
/// as it was; a capture the engine dropped without an `engine.buffer` event is not seen.
struct TapePositions {
  /// One buffer that heard the file: its event's index and time, and the file span it carried.
  struct Delivery {
    var index: Int
    var time: Duration
    var start: Double
    var end: Double
  }

  private(set) var deliveries: [Delivery] = []

  /// Reads the deliveries of `timeline` for a microphone that starts at `sampleRate`.
  init(_ timeline: Timeline, sampleRate: Double) {
    var rate = sampleRate
    var playing = false
    var position = 0.0
    for (index, event) in timeline.events.enumerated() {
      switch event.kind.rawValue {
      case "microphone.play":
        playing = event["playing"] == "true"
      case "scenario.step":
        // `route: 16000 Hz, 1 channel` (Scenario.Step.description)
        if let step = event["step"], step.hasPrefix("route: "), let value = Double(step.dropFirst(7).prefix { $0.isNumber || $0 == "." }) {
          rate = value
        }
      case "engine.buffer":
        guard playing, let frames = event["frames"].flatMap(Double.init), rate > 0 else { continue }
        let end = position + frames / rate
        deliveries.append(Delivery(index: index, time: event.time, start: position, end: end))
        position = end
      default:
        continue
      }
    }
  }

  /// The first buffer that carried audio past `position` (the buffer in which speech starting
  /// there is first heard).
  func firstHearing(_ position: Double) -> Delivery? {
    deliveries.first { $0.end > position + 1e-9 }
  }

  /// The buffer with which the file had been heard through `position` (speech ending there is
  /// complete).
  func completion(_ position: Double) -> Delivery? {
    deliveries.first { $0.end >= position - 1e-9 }
  }
}
