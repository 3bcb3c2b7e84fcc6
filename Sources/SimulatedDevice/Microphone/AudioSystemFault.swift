/// A failure of the device's audio system that Apple documents and no scenario step otherwise
/// scripts: what the `audioSystem:` step injects and `speech-replay explore` draws.
///
/// Each fault reaches the app through the twins as on a device (``Microphone/inject(_:)``); the
/// behaviour and its sources are in Twins.md, "The audio system's failure modes".
public enum AudioSystemFault: Sendable, Hashable, CustomStringConvertible {
  /// The next activation of the app's audio session (`setActive(true)`, `activate(options:)`) fails
  /// with the failure's code, and the session stays inactive; the activation after it succeeds.
  case activationFails(ActivationFailure)
  /// The engine's I/O unit is reconfigured with the same input format (another app or the system
  /// changed the session's hardware configuration): running engines stop themselves and post
  /// `AVAudioEngineConfigurationChange`; taps stay installed; no route change is posted.
  case configurationChange
  /// The media server is lost and restarts: every engine made before is invalid, the session is
  /// inactive with its category reset, and `mediaServicesWereLostNotification` then
  /// `mediaServicesWereResetNotification` post.
  case mediaServicesReset
  /// The system deactivates the app's session without an interruption by another app: engines stop;
  /// only the 27 `didBecomeInactiveNotification` (source `.system`, no interruption context) posts.
  case systemDeactivation

  /// Why an activation is refused, with the `NSOSStatusErrorDomain` code Apple's session throws.
  public enum ActivationFailure: String, Sendable, Hashable, CaseIterable {
    /// Another session of higher priority holds the hardware, such as a phone call (`'!pri'`): what
    /// a recording app meets when it starts during a call.
    case insufficientPriority
    /// A non-mixable session tried to activate while another app plays, from the background (`'!int'`).
    case cannotInterruptOthers
    /// Siri is recording (`'siri'`).
    case siriIsRecording

    /// The `NSOSStatusErrorDomain` code (a four-character code as an integer).
    public var code: Int {
      switch self {
      case .insufficientPriority: 561_017_449
      case .cannotInterruptOthers: 560_557_684
      case .siriIsRecording: 1_936_290_409
      }
    }
  }

  /// The fault as the `audioSystem:` step writes it.
  public var description: String {
    switch self {
    case .activationFails(.insufficientPriority): "activationFails"
    case .activationFails(let failure): "activationFails: \(failure.rawValue)"
    case .configurationChange: "configurationChange"
    case .mediaServicesReset: "mediaServicesReset"
    case .systemDeactivation: "systemDeactivation"
    }
  }
}
