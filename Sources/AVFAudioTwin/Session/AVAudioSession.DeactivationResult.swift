extension AVAudioSession {
  /// How a session became inactive, as the typed ``DidBecomeInactiveMessage`` carries it (27.0).
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public enum DeactivationResult: Sendable, Hashable {
    /// The app deactivated the session.
    case appDeactivated
    /// The system interrupted it.
    case systemInterruption(InterruptionContext)
  }
}
