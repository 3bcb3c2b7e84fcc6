import SimulatedDevice

extension AVAudioSession {
  /// How a device's shared session was left, for the end-state check: the harness reads it after the
  /// run, as the system would see it when the app goes idle.
  package struct Activity: Sendable, Hashable {
    /// Whether the session is active.
    package var isActive: Bool
    /// Whether the last deactivation passed `.notifyOthersOnDeactivation`; nil when never deactivated.
    package var deactivationNotifiedOthers: Bool?
  }

  /// How `device`'s shared session was left; nil when the app never asked for it.
  /// - Parameter device: The device a run used.
  /// - Returns: The session's activity.
  package static func activity(on device: SimulatedDevice) -> Activity? {
    guard let session = sessions.existingSession(for: device) else { return nil }
    return session.lock.withLock {
      Activity(isActive: session.state.isActive, deactivationNotifiedOthers: session.state.deactivationNotifiedOthers)
    }
  }
}
