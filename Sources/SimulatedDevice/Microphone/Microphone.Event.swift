public import AudioPCM

extension Microphone {
  /// A change of the audio hardware that the twins react to (the engine stops, the session posts a
  /// notification).
  public enum Event: Sendable, Hashable {
    /// The input route changed, for example to a 16 kHz Bluetooth headset: the hardware format
    /// before and after, and the ports with the reason.
    case routeChanged(previous: AudioFormat, current: AudioFormat, change: RouteChange)
    /// Another audio session took the hardware (a phone call, an alarm).
    case interruptionBegan
    /// The interruption ended; `shouldResume` is the hint Apple passes to the app.
    case interruptionEnded(shouldResume: Bool)
    /// The engine's I/O was reconfigured with the same format (``AudioSystemFault/configurationChange``).
    case configurationChanged
    /// The system deactivated the app's session, not for an interruption (``AudioSystemFault/systemDeactivation``).
    case systemDeactivated
    /// The media server was lost: every audio object made so far is invalid (``AudioSystemFault/mediaServicesReset``).
    case mediaServicesLost
    /// The media server restarted after ``mediaServicesLost``.
    case mediaServicesReset
  }

  /// Who is told about an ``Event`` first: engines stop before sessions post notifications, so a
  /// notification handler sees the engine already stopped, as on a device.
  public enum ObserverRole: Int, Sendable, Hashable, Comparable {
    /// An audio engine (told first).
    case engine
    /// An audio session (told after the engines).
    case session

    /// Engines before sessions.
    public static func < (lhs: ObserverRole, rhs: ObserverRole) -> Bool { lhs.rawValue < rhs.rawValue }
  }
}
