/// Something that happened to the microphone's audio between the tap and the analyzer: a span the
/// analyzer's stream skipped, one that arrived twice, or one that arrived garbled. Spans are on the reference timeline (samples at
/// ``AudioConservation/rate`` on the capture timeline), so they name the tap buffers they came from.
public struct AudioProblem: Sendable, Hashable {
  /// What happened.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// The analyzer's stream jumped forward: the audio between the two places was skipped on the
    /// way to this analyzer. Not a verdict: the audio check calls audio *lost* only when no
    /// analyzer received it at all (what it expected less what arrived), so a skip another
    /// analyzer heard, or one an excuse covers, fails nothing.
    case skipped
    /// Audio reached the analyzer twice, or out of order.
    case repeated
    /// The analyzer received silence where the microphone heard sound.
    case silenced
    /// The analyzer received the microphone's audio far louder, or clipped.
    case tooLoud
    /// The analyzer received the microphone's audio far quieter.
    case tooQuiet
    /// The analyzer received audio that is not the microphone's (another channel, another sample
    /// type or scale, audio that runs at the wrong speed).
    case foreign
  }

  /// What happened.
  public var kind: Kind
  /// The analyzer that received it (a skip names the analyzer whose stream skipped it).
  public var analyzer: String
  /// The span of reference samples it is about.
  public var span: Range<Int>
  /// Where on the analyzer's timeline it was found (seconds), when it was received at all.
  public var analyzerTime: Double?
  /// The level of what the analyzer received against the microphone's, in dB (garbled spans).
  public var levelDifference: Double?
  /// The signal-to-noise ratio of what the analyzer received against the microphone's, in dB.
  public var signalToNoise: Double?

  /// Creates a problem.
  public init(
    _ kind: Kind, analyzer: String, span: Range<Int>, analyzerTime: Double? = nil, levelDifference: Double? = nil,
    signalToNoise: Double? = nil
  ) {
    self.kind = kind
    self.analyzer = analyzer
    self.span = span
    self.analyzerTime = analyzerTime
    self.levelDifference = levelDifference
    self.signalToNoise = signalToNoise
  }
}
