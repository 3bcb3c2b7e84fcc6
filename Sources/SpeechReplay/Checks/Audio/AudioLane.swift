import SimulatedDevice

/// What the analyzer heard over a run, for the HTML report's "analyzer heard" lane: the extremes of
/// every 20 ms it received (when it received them) and the spans the audio check judged lost,
/// repeated or garbled (where the microphone heard them).
///
/// Kept only when asked (``ScenarioRunner/keepsReceivedAudio``): `run --html` asks its workers for it,
/// which write it beside the run's timeline.
public struct AudioLane: Sendable, Hashable, Codable {
  /// One block of received audio (at most 20 ms): when the analyzer received it, where it starts
  /// on its timeline, and its extremes.
  public typealias Block = ReceivedAudioBlock

  /// A span the audio check judged: audio the microphone heard that was lost, repeated or garbled
  /// on its way to the analyzer.
  public struct Mark: Sendable, Hashable, Codable {
    /// The check that judged it (`audio.lost`, `audio.tail`, `audio.repeated`, `audio.silenced`…).
    public var check: CheckID
    /// Virtual seconds at which the microphone's tap delivered the start of the span.
    public var start: Double
    /// Virtual seconds at which it delivered the end.
    public var end: Double
    /// What happened, in words (its place in the recording, the tap buffers, the analyzer's time).
    public var text: String

    /// Creates a mark.
    public init(check: CheckID, start: Double, end: Double, text: String) {
      self.check = check
      self.start = start
      self.end = end
      self.text = text
    }
  }

  /// The received audio, in the order the analyzers received it.
  public var blocks: [Block]
  /// The judged spans, in the order the check found them (at most ``markLimit``).
  public var marks: [Mark]

  /// The most marks a lane keeps: a stack that drops every tenth buffer of an hour would otherwise
  /// draw thousands (the figures still count all of them).
  public static let markLimit = 500

  /// Creates a lane.
  public init(blocks: [Block] = [], marks: [Mark] = []) {
    self.blocks = blocks
    self.marks = marks
  }

  /// The lane of a monitor's envelope.
  init(envelope: [ReceivedAudioBlock], marks: [Mark]) {
    self.init(blocks: envelope, marks: Array(marks.prefix(Self.markLimit)))
  }
}
