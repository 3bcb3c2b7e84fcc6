/// A speech model that says what a ``ModelScript`` says, for every request whose locale it knows.
///
/// It ignores the samples: results depend only on how far the audio has been consumed, so a scenario
/// is exact and repeatable. What a real device would have done with wrongly formatted audio is the
/// analyzer's business (it never hands such audio to the model).
public struct ScriptedModelBackend: SpeechModelBackend {
  /// The script for each locale identifier (BCP-47, `en-US`).
  public var scripts: [String: ModelScript]
  /// Whether the scripts follow the analyzer's clock or the microphone's tape.
  public let timing = Timing()

  /// Creates a backend with one script per locale.
  public init(scripts: [String: ModelScript]) { self.scripts = scripts }

  /// Creates a backend that answers every locale with the same script.
  public init(script: ModelScript, locale: String = "en-US") { self.scripts = [locale: script] }

  /// A recognizer that plays the locale's script.
  /// - Throws: ``ModelFailure`` with `noModel` (4) when no script exists for the locale.
  public func makeRecognizer(for request: RecognitionRequest) throws -> any SpeechRecognizing {
    guard let script = scripts[request.localeIdentifier] else {
      throw ModelFailure(
        code: 4,
        message:
          "no scripted model for locale \(request.localeIdentifier); scripts exist for \(scripts.keys.sorted().joined(separator: ", "))"
      )
    }
    return ScriptedRecognizer(script: script, request: request, followsTape: timing.followsTape)
  }
}
