import AVFAudioTwin
import SimulatedDevice
import Simulation

/// Where the microphone's play position (seconds into the audio file) stood at each tap buffer of
/// a run, read back from the timeline: `engine.buffer` events while `microphone.play` is on move
/// the position by `frames / hardware rate`, and a `route:` step changes the hardware rate.
///
/// Read from the timeline rather than recorded by the session, so the trace (and its hash) stays
/// as it was; a capture the engine dropped without an `engine.buffer` event is not seen.
/// Package-visible: the HTML report draws the waveform and the audio time axis from the same deliveries.
package struct TapePositions {
  /// One buffer that heard the file: its event's sequence number and time, and the file span it carried.
  package struct Delivery: Sendable, Hashable {
    /// The `engine.buffer` event's sequence number.
    package var index: Int
    /// Its virtual time.
    package var time: Duration
    /// Seconds into the file where the buffer's audio starts.
    package var start: Double
    /// Seconds into the file where it ends.
    package var end: Double

    /// Creates a delivery.
    package init(index: Int, time: Duration, start: Double, end: Double) {
      self.index = index
      self.time = time
      self.start = start
      self.end = end
    }
  }

  /// The buffers that heard the file, in order.
  package private(set) var deliveries = RecordLog<Delivery>()

  /// Reads the deliveries of `timeline` for a microphone that starts at `sampleRate`.
  package init(_ timeline: Timeline, sampleRate: Double) {
    var rate = sampleRate
    var playing = false
    var position = 0.0
    for event in timeline.events.only([MicrophonePlayEvent.kind, ScenarioStepEvent.kind, EngineBufferEvent.kind]) {
      if let play = MicrophonePlayEvent(event) {
        playing = play.playing
      } else if let step = ScenarioStepEvent(event) {
        if let value = step.routeSampleRate { rate = value }
      } else if let buffer = EngineBufferEvent(event) {
        guard playing, rate > 0 else { continue }
        let end = position + Double(buffer.frames) / rate
        deliveries.append(Delivery(index: event.sequence, time: event.time, start: position, end: end))
        position = end
      }
    }
  }

  /// The first buffer that carried audio past `position` (the buffer in which speech starting
  /// there is first heard). A binary search: the ends never decrease, since each delivery starts
  /// where the one before ended.
  func firstHearing(_ position: Double) -> Delivery? {
    delivery(at: deliveries.partitioningIndex { $0.end > position + 1e-9 })
  }

  /// The buffer with which the file had been heard through `position` (speech ending there is
  /// complete). A binary search, as ``firstHearing(_:)``.
  func completion(_ position: Double) -> Delivery? {
    delivery(at: deliveries.partitioningIndex { $0.end >= position - 1e-9 })
  }

  private func delivery(at index: Int) -> Delivery? {
    index < deliveries.endIndex ? deliveries[index] : nil
  }
}
