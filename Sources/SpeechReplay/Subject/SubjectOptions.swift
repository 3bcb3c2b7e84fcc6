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

  /// Creates options.
  public init(locale: String = "en-US", preset: String? = nil, inputBufferLimit: Int? = nil, options: [String: String] = [:]) {
    self.locale = locale
    self.preset = preset
    self.inputBufferLimit = inputBufferLimit
    self.options = options
  }
}
