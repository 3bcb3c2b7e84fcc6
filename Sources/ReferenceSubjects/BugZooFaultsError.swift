import LiveTranscription

/// Thrown when `SPEECH_REPLAY_BUG_ZOO_FAULTS` names something that is not a bug-zoo fault.
package struct BugZooFaultsError: Error, CustomStringConvertible {
  /// The environment variable.
  package static let variable = "SPEECH_REPLAY_BUG_ZOO_FAULTS"
  /// The names that are not faults, in the order given.
  var names: [String]

  package var description: String {
    // A long or garbled value stays one readable line: five names at most, each cut at 40 characters.
    var named = names.prefix(5).map { "'\($0.count > 40 ? String($0.prefix(40)) + "…" : $0)'" }.joined(separator: ", ")
    if names.count > 5 { named += " and \(names.count - 5) more" }
    return
      "\(Self.variable) names \(named), which \(names.count == 1 ? "is not a bug-zoo fault" : "are not bug-zoo faults"); "
      + "use a comma-separated list of " + LiveTranscriber.Fault.allCases.map(\.rawValue).joined(separator: ", ")
      + ", or unset it"
  }
}
