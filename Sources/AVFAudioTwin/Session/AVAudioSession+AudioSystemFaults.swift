public import Foundation
import SimulatedDevice
import Simulation

extension AVAudioSession {
  /// Posted when the media server is lost (`object`: the session, no userInfo); the reset follows.
  public static let mediaServicesWereLostNotification = Notification.Name(
    "AVAudioSessionMediaServicesWereLostNotification")
  /// Posted when the media server restarted (`object`: the session, no userInfo): every audio object
  /// the app made before is invalid; make new ones and set the session's category again.
  public static let mediaServicesWereResetNotification = Notification.Name(
    "AVAudioSessionMediaServicesWereResetNotification")

  /// The error of an activation the device refuses (``AudioSystemFault/activationFails(_:)``).
  func activationFailed(_ failure: AudioSystemFault.ActivationFailure) -> NSError {
    Simulation.current?.trace.record(.sessionActive, ["active": "true", "failed": failure.rawValue])
    let reason =
      switch failure {
      case .insufficientPriority: "another session of higher priority (a phone call) holds the audio hardware"
      case .cannotInterruptOthers: "a non-mixable session cannot interrupt other apps' audio from the background"
      case .siriIsRecording: "Siri is recording"
      }
    let code = ErrorCode(rawValue: failure.code) ?? .unspecified
    return Self.error(code, "The session could not be activated: \(reason)")
  }

  /// A system deactivation or a media-services loss and reset, after the engines heard of it.
  func audioSystemFailed(_ event: Microphone.Event) {
    switch event {
    case .systemDeactivated:
      guard deactivateForSystem() else { return }
      postActivityChange(active: false, interruption: nil, bySystem: true)
    case .mediaServicesLost:
      _ = deactivateForSystem()
      NotificationCenter.default.postAsTheSystem(name: Self.mediaServicesWereLostNotification, object: self)
    case .mediaServicesReset:
      // The server that held the category is gone: the session starts over with the defaults.
      lock.withLock {
        state.category = .soloAmbient
        state.mode = .default
        state.options = []
      }
      NotificationCenter.default.postAsTheSystem(name: Self.mediaServicesWereResetNotification, object: self)
    default:
      break
    }
  }

  /// Makes the session inactive as the system does; true when it was active.
  private func deactivateForSystem() -> Bool {
    lock.withLock {
      defer { state.isActive = false }
      return state.isActive
    }
  }
}
