extension Duration {
  /// The duration in whole nanoseconds, clamped to `Int64`.
  package var nanosecondsClamped: Int64 {
    let (seconds, attoseconds) = components
    let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    if overflow { return seconds < 0 ? .min : .max }
    return whole.addingReportingOverflow(attoseconds / 1_000_000_000).overflow
      ? (seconds < 0 ? .min : .max) : whole + attoseconds / 1_000_000_000
  }
}

extension Duration {
  /// The duration in seconds as a `Double` (the package's one conversion; `SpeechReplayCapture`,
  /// which builds for iOS without the simulation, keeps its own).
  package var seconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
