extension SimulatedDevice {
  /// A converter error mid-stream (`device.converterFailsAt`): the first `AVAudioConverter`
  /// conversion at or after `at` (virtual time of the run; the steps begin at 0) returns `.error`
  /// with an `NSError` in `NSOSStatusErrorDomain` of `code`, as Apple's converter reports one.
  /// Once per run (Twins.md, "Faults of the Speech twins").
  public struct ConverterFailure: Sendable, Hashable {
    /// The moment from which the next conversion fails.
    public var at: Duration
    /// The `OSStatus` the error carries.
    public var code: Int

    /// Creates a failure at `at`; the default code is -50 (`paramErr`), the twin's other conversion errors' code.
    public init(at: Duration, code: Int = -50) {
      self.at = at
      self.code = code
    }
  }
}
