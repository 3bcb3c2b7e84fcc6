import Foundation

/// The errors a recognition task reports besides `SFSpeechError`: Apple does not document them;
/// these are the domains and codes apps see in the field, which apps match on
/// (Documentation/Twins.md marks each decision).
enum LegacyRecognitionError {
  /// `kAFAssistantErrorDomain` 1110: the audio ended and nothing was recognized.
  static var noSpeech: NSError {
    NSError(domain: "kAFAssistantErrorDomain", code: 1110, userInfo: [NSLocalizedDescriptionKey: "No speech detected"])
  }

  /// `kLSRErrorDomain` 301: the task was cancelled (iOS 15 and later; earlier systems said
  /// `kAFAssistantErrorDomain` 216).
  static var cancelled: NSError {
    NSError(
      domain: "kLSRErrorDomain", code: 301, userInfo: [NSLocalizedDescriptionKey: "Recognition request was canceled"])
  }

  /// `kLSRErrorDomain` 102: on-device recognition was required but the locale's on-device model is missing.
  static var onDeviceAssetsMissing: NSError {
    NSError(domain: "kLSRErrorDomain", code: 102, userInfo: [NSLocalizedDescriptionKey: "Failed to access assets"])
  }

  /// `kAFAssistantErrorDomain` 1101: the recognition service cannot be reached (offline, and no
  /// on-device model for the locale). UNCONFIRMED: the twin's choice.
  static var serviceUnavailable: NSError {
    NSError(
      domain: "kAFAssistantErrorDomain", code: 1101,
      userInfo: [NSLocalizedDescriptionKey: "The speech recognition service is unavailable"])
  }

  /// `kAFAssistantErrorDomain` 1700: the app is not authorized to recognize speech.
  /// UNCONFIRMED: the twin's choice.
  static var notAuthorized: NSError {
    NSError(
      domain: "kAFAssistantErrorDomain", code: 1700,
      userInfo: [NSLocalizedDescriptionKey: "Speech recognition is not authorized for this app"])
  }
}
