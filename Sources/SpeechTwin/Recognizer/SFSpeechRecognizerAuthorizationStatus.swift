/// The app's authorization to perform speech recognition — the twin of Apple's
/// `SFSpeechRecognizerAuthorizationStatus`, driven by the simulated device's speech-recognition
/// permission (`SimulatedDevice.speechRecognitionPermission`).
public enum SFSpeechRecognizerAuthorizationStatus: Int, Sendable, Hashable {
  /// The app's authorization status has not yet been determined.
  case notDetermined = 0
  /// The user denied the app's request to perform speech recognition.
  case denied = 1
  /// The device prevents the app from performing speech recognition.
  case restricted = 2
  /// The user granted the app's request to perform speech recognition.
  case authorized = 3
}
