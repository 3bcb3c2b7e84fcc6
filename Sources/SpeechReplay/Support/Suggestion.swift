/// The "did you mean" of scenario files' messages, for the command line's own names (subjects).
package enum Suggestion {
  /// `, did you mean 'app-tap-main'?` when one of `choices` is close to `text`, else empty.
  /// - Parameters:
  ///   - text: What was typed.
  ///   - choices: The names there are.
  /// - Returns: The clause, starting with a comma, or an empty string.
  package static func didYouMean(_ text: String, _ choices: [String]) -> String {
    ScenarioNode.suggestion(text, choices)
  }
}
