public import Simulation

/// `microphone.play`: the microphone's file started or stopped playing into the hardware (the
/// typed view of ``Simulation/TraceEvent/Kind/microphonePlay``). Recorded only when it changes.
public struct MicrophonePlayEvent: TypedTraceEvent {
  public static let kind = TraceEvent.Kind.microphonePlay

  /// Whether the file now plays (captured buffers carry it) or not (they carry silence).
  public var playing: Bool

  /// Creates the event.
  /// - Parameter playing: Whether the file now plays.
  public init(playing: Bool) { self.playing = playing }

  public init?(fields: [TraceEvent.Field]) {
    guard let playing = fields.bool("playing") else { return nil }
    self.init(playing: playing)
  }

  public var fields: [TraceEvent.Field] { [.init("playing", String(playing))] }
}
