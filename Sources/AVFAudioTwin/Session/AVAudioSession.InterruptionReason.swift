extension AVAudioSession {
  /// Why the system interrupted the session (Apple's raw values; `routeDisconnected` is 4).
  public enum InterruptionReason: UInt, Sendable, Hashable {
    /// Another app's or the system's audio took over (a call, an alarm).
    case `default` = 0
    /// The app was suspended (deprecated by Apple; never posted by the twin).
    case appWasSuspended = 1
    /// The built-in microphone was muted (a closed iPad cover).
    case builtInMicMuted = 2
    /// The route the session used went away.
    case routeDisconnected = 4
  }
}
