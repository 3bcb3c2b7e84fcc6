public import Foundation

extension AVAudioEngine {
  /// The media server was lost: the engine stops, and from now on it cannot start (Apple: after a
  /// reset "all audio objects" the app made are invalid and must be made again). Its taps stay
  /// installed but are never called again.
  func mediaServicesLost() {
    stop()
    markInvalidated()
  }

  /// Throws when the engine was made before the media services were reset.
  func checkMediaServices() throws {
    guard invalidated else { return }
    device.diagnose(
      "AVAudioEngine",
      "an engine made before the media services were reset was started; Apple's engine fails to start, since every audio object made before a reset is invalid. Make a new AVAudioEngine (and reinstall its tap) after AVAudioSession.mediaServicesWereResetNotification."
    )
    throw NSError(
      domain: "com.apple.coreaudio.avfaudio", code: 1_836_282_486,
      userInfo: [
        NSLocalizedDescriptionKey:
          "The engine was made before the media services were reset and cannot start; make a new AVAudioEngine."
      ])
  }
}
