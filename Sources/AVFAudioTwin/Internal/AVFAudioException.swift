/// Apple's AVFAudio raises an Objective-C exception for a broken precondition; no Swift code can
/// catch it and the app ends. The twin ends the process the same way, with the same reason text.
enum AVFAudioException {
  /// Ends the process with Apple's uncaught-exception wording.
  /// - Parameter reason: Apple's reason text, for example `required condition is false: nullptr == Tap()`.
  static func raise(_ reason: String) -> Never {
    fatalError("*** Terminating app due to uncaught exception 'com.apple.coreaudio.avfaudio', reason: '\(reason)'")
  }
}
