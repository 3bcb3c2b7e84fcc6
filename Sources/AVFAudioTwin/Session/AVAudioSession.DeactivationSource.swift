extension AVAudioSession {
  /// Who ended an active session (27.0; Apple's raw values).
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public enum DeactivationSource: Int, Sendable, Hashable {
    /// The app deactivated it (`setActive(false)`, `deactivate(options:)`).
    case app = 1
    /// The system did: an interruption.
    case system = 2
  }
}
