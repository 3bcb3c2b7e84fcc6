import LiveTranscription

/// Thrown when `SPEECH_REPLAY_BUG_ZOO_FAULTS` names something that is not a bug-zoo fault.
struct BugZooFaultsError: Error, CustomStringConvertible {
  /// The environment variable.
  static let variable = "SPEECH_REPLAY_BUG_ZOO_FAULTS"
  /// The name that is not a fault.
  var name: String

  var description: String {
    "\(Self.variable) names '\(name)', which is not a bug-zoo fault; use a comma-separated list of "
      + LiveTranscriber.Fault.allCases.map(\.rawValue).joined(separator: ", ") + ", or unset it"
  }
}
