extension SimulatedDevice {
  /// Something a twin reports that a developer could not see on a device — for example audio in
  /// the wrong format reaching the analyzer, which on a device silently produces no text.
  public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// Virtual time of the report (zero outside a simulation).
    public var time: Duration
    /// What it is about, for example `SpeechAnalyzer`.
    public var subject: String
    /// What happened and what Apple's framework would have done.
    public var message: String

    /// Creates a diagnostic.
    public init(time: Duration, subject: String, message: String) {
      self.time = time
      self.subject = subject
      self.message = message
    }

    /// `subject: message`.
    public var description: String { "\(subject): \(message)" }
  }
}
