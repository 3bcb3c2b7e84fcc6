import Simulation

// The audio system's failure modes (`AudioSystemFault`): engines are told before sessions, as for
// route changes and interruptions.
extension Microphone {
  /// Injects a failure of the audio system: an activation failure waits for the next activation;
  /// the others reach the engines, then the sessions, at once.
  /// - Parameter fault: What fails.
  public func inject(_ fault: AudioSystemFault) {
    Simulation.current?.trace.record(.audioSystemFault, ["fault": fault.description])
    switch fault {
    case .activationFails(let failure):
      withState { $0.pendingActivationFailure = failure }
    case .configurationChange:
      notify(.configurationChanged)
    case .mediaServicesReset:
      notify(.mediaServicesLost)
      notify(.mediaServicesReset)
    case .systemDeactivation:
      notify(.systemDeactivated)
    }
  }

  /// The activation failure waiting for the next activation, taken (it fails that one only).
  /// - Returns: The failure, or nil when the activation may go on.
  public func takeActivationFailure() -> AudioSystemFault.ActivationFailure? {
    withState { state in
      defer { state.pendingActivationFailure = nil }
      return state.pendingActivationFailure
    }
  }
}
