public import Foundation

extension Notification.Name {
  /// Posted by an engine when the audio hardware's sample rate or channel count changed; the engine
  /// has stopped itself, and the app must reinstall its tap and converter and start again.
  public static let AVAudioEngineConfigurationChange = Notification.Name("AVAudioEngineConfigurationChangeNotification")
}
