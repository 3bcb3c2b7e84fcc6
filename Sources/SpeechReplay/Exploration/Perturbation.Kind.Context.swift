extension Perturbation.Kind {
  /// What a draw needs to know about the scenario.
  package struct Context: Sendable {
    /// Seconds the steps take.
    package var stepsDuration: Double
    /// Seconds of audio (0 without audio).
    package var audioDuration: Double
    /// Words of the transcript the model is generated from; nil for explicit results.
    package var transcriptWords: Int?
    /// The scripted model's locale (`model.locale`), `en-US` when the file names none.
    package var modelLocale = "en-US"
  }
}
