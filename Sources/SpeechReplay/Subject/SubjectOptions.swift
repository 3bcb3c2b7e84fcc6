/// The scenario's `subject:` section: what the runner passes to the ``SubjectFactory``.
public struct SubjectOptions: Sendable, Hashable {
  /// The locale to transcribe (BCP-47); the model's locale unless the scenario says otherwise.
  public var locale: String
  /// A named configuration of the subject, when it has several (the subject decides what names mean).
  public var preset: String?
  /// The most audio buffers the subject may queue for the analyzer, when it has such a limit.
  public var inputBufferLimit: Int?
  /// Any other options, as text, for an app's own subject (`subject: { options: { key: value } }`).
  public var options: [String: String]
  /// The scenario's `audio` file (resolved path), for a subject that reads it itself (file
  /// transcription) instead of hearing it through the microphone; nil when the scenario has none.
  public var audioFile: String?

  /// Creates options.
  /// - Parameters:
  ///   - locale: The locale to transcribe.
  ///   - preset: A named configuration of the subject.
  ///   - inputBufferLimit: The most buffers the subject may queue.
  ///   - options: Any other options, as text.
  ///   - audioFile: The scenario's audio file, for subjects that read it themselves.
  public init(
    locale: String = "en-US", preset: String? = nil, inputBufferLimit: Int? = nil, options: [String: String] = [:],
    audioFile: String? = nil
  ) {
    self.locale = locale
    self.preset = preset
    self.inputBufferLimit = inputBufferLimit
    self.options = options
    self.audioFile = audioFile
  }
}
