public import Simulation

/// `engine.buffer`: the input node rendered one hardware buffer, recorded before the tap (if any)
/// is called (the typed view of ``Simulation/TraceEvent/Kind/engineBuffer``).
public struct EngineBufferEvent: TypedTraceEvent {
  public static let kind = TraceEvent.Kind.engineBuffer

  /// The buffer's first frame on the engine's sample timeline.
  public var sampleTime: AVAudioFramePosition
  /// Frames in the buffer, at the hardware rate.
  public var frames: AVAudioFramePosition

  /// Creates the event.
  /// - Parameters:
  ///   - sampleTime: The first frame on the engine's sample timeline.
  ///   - frames: Frames in the buffer.
  public init(sampleTime: AVAudioFramePosition, frames: AVAudioFramePosition) {
    self.sampleTime = sampleTime
    self.frames = frames
  }

  public init?(fields: [TraceEvent.Field]) {
    guard let sampleTime = fields.int64("sampleTime"), let frames = fields.int64("frames") else { return nil }
    self.init(sampleTime: sampleTime, frames: frames)
  }

  public var fields: [TraceEvent.Field] { [.init("sampleTime", String(sampleTime)), .init("frames", String(frames))] }
}
