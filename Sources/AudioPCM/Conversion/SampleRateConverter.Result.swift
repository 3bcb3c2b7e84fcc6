extension SampleRateConverter {
  /// What one ``SampleRateConverter/convert(_:into:endOfInput:)`` call did.
  public struct Result: Hashable, Sendable {
    /// Input frames taken: always the whole input buffer's `frameLength`.
    public let framesConsumed: Int
    /// Frames written to the output buffer, from its start; equal to its new `frameLength`.
    public let framesProduced: Int
    /// Output frames still held inside the converter because the output buffer was full.
    public let framesPending: Int
    /// Whether the end of input was given and every output frame, filter tail included, was delivered.
    public let isFinished: Bool

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - framesConsumed: Input frames taken.
    ///   - framesProduced: Frames written to the output buffer.
    ///   - framesPending: Output frames still held.
    ///   - isFinished: Whether all output after the end of input was delivered.
    public init(framesConsumed: Int, framesProduced: Int, framesPending: Int, isFinished: Bool) {
      self.framesConsumed = framesConsumed
      self.framesProduced = framesProduced
      self.framesPending = framesPending
      self.isFinished = isFinished
    }
  }
}
