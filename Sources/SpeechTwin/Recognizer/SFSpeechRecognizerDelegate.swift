import Foundation

/// Tracks the availability of a speech recognizer — the twin of Apple's
/// `SFSpeechRecognizerDelegate`. Its one method is optional, as in Apple's protocol.
public protocol SFSpeechRecognizerDelegate: NSObjectProtocol {
  /// Called on the main actor when the recognizer's ``SFSpeechRecognizer/isAvailable`` changes
  /// (on the simulated device: the network came or went and the locale has no on-device model).
  func speechRecognizer(_ speechRecognizer: SFSpeechRecognizer, availabilityDidChange available: Bool)
}

extension SFSpeechRecognizerDelegate {
  /// Does nothing (the method is optional).
  public func speechRecognizer(_ speechRecognizer: SFSpeechRecognizer, availabilityDidChange available: Bool) {}
}
