public import Foundation
import SimulatedDevice
import Simulation

extension AVAudioApplication {
  /// Posted when the app's input mute state changes; `userInfo[muteStateKey]` holds the new state.
  /// (The raw name is the twin's choice; apps use the constant.)
  public static let inputMuteStateChangeNotification = Notification.Name(
    "AVAudioApplicationInputMuteStateChangeNotification")

  /// The `userInfo` key of ``inputMuteStateChangeNotification``: the new mute state, a `Bool`.
  public static let muteStateKey = "AVAudioApplicationMuteStateKey"

  /// Whether the app's audio input is muted.
  public var isInputMuted: Bool { SimulatedDevice.current.microphone.isInputMuted }

  /// Mutes or unmutes the app's audio input. While muted, the engine's input delivers silence
  /// (the microphone's audio keeps passing by unheard); the engine and its tap keep running.
  ///
  /// A change posts ``inputMuteStateChangeNotification`` (**twin decision**: Apple documents the
  /// notification for changes the system makes, such as an AirPods press; whether the app's own
  /// call posts it is not documented) and records `audioApplication.inputMute` in the trace.
  /// - Parameter muted: The new state.
  public func setInputMuted(_ muted: Bool) throws {
    guard SimulatedDevice.current.microphone.setInputMuted(muted) else { return }
    Simulation.current?.trace.record(.audioApplicationInputMute, ["muted": String(muted)])
    NotificationCenter.default.postAsTheSystem(
      name: Self.inputMuteStateChangeNotification, object: self, userInfo: [Self.muteStateKey: muted])
  }
}
