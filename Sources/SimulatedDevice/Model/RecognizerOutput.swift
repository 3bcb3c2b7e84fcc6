/// What a recognizer hands back to the analyzer after consuming audio or finalizing: a result or a
/// failure, each to be published after a delay of virtual time (the model's latency).
public enum RecognizerOutput: Sendable, Hashable, CustomStringConvertible {
  /// Publish `result` after `delay`.
  case result(RecognizedResult, delay: Duration)
  /// Fail the analysis after `delay` (the analyzer finishes and every waiter sees the error).
  case failure(ModelFailure, delay: Duration)

  /// How long after the triggering audio was consumed the output is published.
  public var delay: Duration {
    switch self {
    case .result(_, let delay), .failure(_, let delay): delay
    }
  }

  /// The result's description, or `failure: message`.
  public var description: String {
    switch self {
    case .result(let result, _): result.description
    case .failure(let failure, _): "failure: \(failure.message)"
    }
  }
}
