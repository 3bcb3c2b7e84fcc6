import SimulatedDevice

extension SimulatedDevice {
  /// The model's recognizer for `request`, with the diagnostic of `diagnoseSpokenLanguage(heardBy:subject:)`.
  /// - Throws: The model's `ModelFailure`.
  func makeRecognizer(for request: RecognitionRequest, subject: String) throws -> any SpeechRecognizing {
    let recognizer = try model.makeRecognizer(for: request)
    diagnoseSpokenLanguage(heardBy: request, subject: subject)
    return recognizer
  }

  /// Reports a model of one language given speech in another: on a device the transcriber turns it
  /// into words of its own language without an error, which nobody sees until they read the text.
  func diagnoseSpokenLanguage(heardBy request: RecognitionRequest, subject: String) {
    guard let spoken = (model as? ScriptedModelBackend)?.spokenLocale(heardBy: request) else { return }
    diagnose(
      subject,
      "the \(request.localeIdentifier) model was given speech in \(spoken) (the scenario's model.locale); a device transcribes it as \(request.localeIdentifier) words that sound alike, without an error — find the locale with supportedLocale(equivalentTo:) and report a nil answer as unsupported instead of falling back to another language"
    )
  }
}
