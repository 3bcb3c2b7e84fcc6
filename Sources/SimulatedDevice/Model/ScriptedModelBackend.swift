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

  /// A recognizer that plays the locale's script. A request for a locale without a script, when
  /// there is one script, hears that script's speech: as it is for another region of the same
  /// language (an en-GB model understands US English), as words of the request's language for
  /// another language (an English model given Russian speech; ``spokenLocale(heardBy:)`` names it).
  /// - Throws: ``ModelFailure`` with `noModel` (4) when no script exists for the locale.
  public func makeRecognizer(for request: RecognitionRequest) throws -> any SpeechRecognizing {
    guard let script = scripts[request.localeIdentifier] ?? spokenScript(for: request.localeIdentifier) else {
      throw ModelFailure(
        code: 4,
        message:
          "no scripted model for locale \(request.localeIdentifier); scripts exist for \(scripts.keys.sorted().joined(separator: ", "))"
      )
    }
    return ScriptedRecognizer(script: script, request: request, followsTape: timing.followsTape)
  }

  /// The locale of the speech when a request of another language hears it: the single script's
  /// locale when its language differs from the request's; nil otherwise.
  public func spokenLocale(heardBy request: RecognitionRequest) -> String? {
    guard scripts[request.localeIdentifier] == nil, scripts.count == 1, let spoken = scripts.keys.first,
      Self.language(of: spoken) != Self.language(of: request.localeIdentifier)
    else { return nil }
    return spoken
  }

  /// The single script as a model of `locale` hears it; nil when there are several or none.
  private func spokenScript(for locale: String) -> ModelScript? {
    guard scripts.count == 1, let (spoken, script) = scripts.first else { return nil }
    return Self.language(of: spoken) == Self.language(of: locale) ? script : script.heardInAnotherLanguage()
  }

  private static func language(of identifier: String) -> Substring {
    identifier.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? Substring(identifier)
  }
}
