extension SimulatedDevice {
  /// Something a twin reports that a developer could not see on a device — for example audio in
  /// the wrong format reaching the analyzer, which on a device silently produces no text.
  public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How much a diagnostic matters.
    public enum Level: String, Sendable, Hashable, Codable, CaseIterable {
      /// Harmless and expected on a device (a tap's `bufferSize` is only a hint): worth knowing,
      /// never a reason to fail (`expect.diagnostics: none` allows notes).
      case note
      /// Something a device would get wrong silently, trap on, or that a developer must fix.
      case warning
    }

    /// Virtual time of the report (zero outside a simulation).
    public var time: Duration
    /// What it is about, for example `SpeechAnalyzer`.
    public var subject: String
    /// What happened and what Apple's framework would have done.
    public var message: String
    /// A harmless note or a warning.
    public var level: Level

    /// Creates a diagnostic.
    public init(time: Duration, subject: String, message: String, level: Level = .warning) {
      self.time = time
      self.subject = subject
      self.message = message
      self.level = level
    }

    /// `subject: message`.
    public var description: String { "\(subject): \(message)" }
  }
}
