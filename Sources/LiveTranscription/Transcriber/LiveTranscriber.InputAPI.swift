extension LiveTranscriber {
  /// Which SDK's audio input the stack is written against. Both run on Linux; an app ships one
  /// branch per OS with `#available(iOS 27, macOS 27, *)`, and the stack takes `.sdk27` only where
  /// that is true.
  public enum InputAPI: String, Sendable, Hashable, CaseIterable {
    /// The 26 SDK: `installTap`, the stack's own `AVAudioConverter` drained with `.endOfStream` at
    /// the stop, `interruptionNotification`.
    case sdk26
    /// The 27 SDK: `installAudioTap` with read-only buffers, Speech's `AnalyzerInputConverter`
    /// flushed at the stop, `didBecomeInactiveNotification` for the interruption's start.
    case sdk27
  }
}
