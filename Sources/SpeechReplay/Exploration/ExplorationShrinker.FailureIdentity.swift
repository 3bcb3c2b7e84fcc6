import Foundation

extension ExplorationShrinker {
  /// What makes a shrunk failure the same as the one found: the same check, failing for the same
  /// reason (the opening words of its message without the quoted text and numbers, and the trap it
  /// points at), at the same point of the run (after the same kind of tap by the user). A signature alone is
  /// not enough: a real detection (a converter kept across a route change) shrank into another
  /// failure of the same check that was the harness's own false alarm.
  package struct FailureIdentity: Hashable {
    /// The check that failed.
    package var check: CheckID
    /// The message's first words, quoted text and numbers left out.
    package var reason: [String]
    /// The trap the failure points at.
    package var trap: String?
    /// The user's last tap before the failure (`start`, `stop`, `dismiss`); nil when the failure
    /// has no time or follows no tap.
    package var point: String?

    /// How many words of the message make its reason.
    static let reasonWords = 12

    /// The identity of `failure`, a failure of a run of `document`.
    package init(_ failure: ScenarioFailure, in document: ScenarioDocument) {
      check = failure.check
      reason = Self.reason(of: failure.message)
      trap = failure.trap
      point = failure.virtualTime.flatMap { document.lastAction(atSeconds: $0) }
    }

    /// The first ``reasonWords`` words of `message` made of letters only, quoted text and `<…>`
    /// descriptions left out, a plural `s` dropped.
    package static func reason(of message: String) -> [String] {
      var text = message
      for pattern in ["\"[^\"]*\"", "<[^>]*>", "'[^']*'"] {
        text = text.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
      }
      var words: [String] = []
      for token in text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where words.count < reasonWords {
        guard token.allSatisfy(\.isLetter) else { continue }
        let word = token.lowercased()
        words.append(word.count > 3 && word.hasSuffix("s") ? String(word.dropLast()) : word)
      }
      return words
    }
  }
}
