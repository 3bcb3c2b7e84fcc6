extension Scenario {
  /// `expect.audio`: audio conservation, checked on every run — everything the tap delivered while
  /// the app listened must reach the analyzer once, in order and intact. A stack that drops audio
  /// on purpose (a bounded queue under a slow model) declares how much it may lose.
  package struct AudioExpectation: Sendable, Hashable {
    /// Whether the check runs (`expect.audio: off` switches it off).
    package var isChecked = true
    /// The most audio the stack may lose on purpose (`maximumLost: 2s`); zero by default.
    package var maximumLost: Duration = .zero
    /// Where `expect.audio` is written, for failures.
    package var location: SourceLocation?

    /// The default: checked, no loss allowed.
    package init() {}
  }
}
