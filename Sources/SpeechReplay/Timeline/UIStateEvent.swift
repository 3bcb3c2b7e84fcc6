import CoreMediaTwin
import SimulatedDevice
public import Simulation

/// `ui.state`: the subject's UI state changed, recorded by the runner after each step and change
/// (the typed view of ``Simulation/TraceEvent/Kind/uiState``). What the user saw, in order.
public struct UIStateEvent: TypedTraceEvent {
  public static let kind = TraceEvent.Kind.uiState

  /// The phase as ``UIState/Phase/description`` writes it: `idle`, `preparing 40%`, `listening`, ….
  public var phase: String
  /// Whether the microphone control is shown (`offered`) or not (`hidden`).
  public var microphoneOffered: Bool
  /// The committed text.
  public var committed: String
  /// The volatile text.
  public var volatile: String
  /// How much of the microphone's file had played (recorded to the millisecond).
  public var audio: Duration

  /// Creates the event.
  /// - Parameters:
  ///   - phase: The phase's description.
  ///   - microphoneOffered: Whether the microphone control is shown.
  ///   - committed: The committed text.
  ///   - volatile: The volatile text.
  ///   - audio: How much of the microphone's file had played.
  public init(phase: String, microphoneOffered: Bool, committed: String, volatile: String, audio: Duration) {
    self.phase = phase
    self.microphoneOffered = microphoneOffered
    self.committed = committed
    self.volatile = volatile
    self.audio = audio
  }

  /// The event for `state`.
  /// - Parameters:
  ///   - state: The subject's UI state.
  ///   - audio: How much of the microphone's file had played.
  public init(_ state: UIState, audio: Duration) {
    self.init(
      phase: state.phase.description, microphoneOffered: state.microphoneOffered, committed: state.committed,
      volatile: state.volatile, audio: audio)
  }

  /// Whether the phase is idle.
  public var isIdle: Bool { phase == UIState.Phase.idle.description }
  /// Whether the phase is listening.
  public var isListening: Bool { phase == UIState.Phase.listening.description }

  public init?(fields: [TraceEvent.Field]) {
    guard let phase = fields.value("phase"), let committed = fields.value("committed"),
      let volatile = fields.value("volatile"),
      let audio = fields.value("audio").flatMap(Self.duration)
    else { return nil }
    let microphoneOffered: Bool
    switch fields.value("microphone") {
    case "offered": microphoneOffered = true
    case "hidden": microphoneOffered = false
    default: return nil
    }
    self.init(
      phase: phase, microphoneOffered: microphoneOffered, committed: committed, volatile: volatile, audio: audio)
  }

  public var fields: [TraceEvent.Field] {
    [
      .init("phase", phase), .init("microphone", microphoneOffered ? "offered" : "hidden"),
      .init("committed", committed),
      .init("volatile", volatile), .init("audio", Timeline.seconds(audio)),
    ]
  }

  /// Reads `1.250s` (``Timeline/seconds(_:)``) back.
  static func duration(_ text: String) -> Duration? {
    // The seconds are `CMTime.millisecondsText` with an `s`; only non-negative ones are written.
    guard text.hasSuffix("s"), !text.hasPrefix("-"), let time = CMTime(millisecondsText: String(text.dropLast())),
      time.isNumeric
    else { return nil }
    return .milliseconds(time.value)
  }
}
