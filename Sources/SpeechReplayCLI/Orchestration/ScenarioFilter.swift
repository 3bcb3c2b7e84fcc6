import Foundation
import SpeechReplay

/// `--filter PATTERN` (keeps the scenarios whose name or file path matches a regular expression)
/// or `--exclude PATTERN` (leaves them out).
package struct ScenarioFilter: Sendable {
  /// The pattern as typed.
  package let pattern: String
  /// The option that gave it, for messages: `--filter` or `--exclude`.
  package let option: String
  // NSRegularExpression rather than Swift's Regex: it is Sendable here and takes the same
  // ICU syntax the pattern was written in, on Linux and macOS alike.
  private let expression: NSRegularExpression

  /// Compiles a filter.
  ///
  /// - Parameters:
  ///   - pattern: A regular expression (ICU syntax), matched anywhere in the name or path.
  ///   - option: The option that gave it, for messages.
  /// - Throws: ``OrchestrationError`` naming the pattern when it is not a valid expression.
  package init(pattern: String, option: String = "--filter") throws(OrchestrationError) {
    do {
      expression = try NSRegularExpression(pattern: pattern)
    } catch {
      throw OrchestrationError(
        .badArgument,
        "\(option) '\(pattern)' is not a valid regular expression; escape special characters such as ( [ * with a backslash"
      )
    }
    self.pattern = pattern
    self.option = option
  }

  /// Whether a scenario is kept.
  ///
  /// - Parameters:
  ///   - name: The scenario's name.
  ///   - file: The scenario's file path.
  /// - Returns: `true` when the pattern matches the name or the path.
  package func matches(name: String, file: String) -> Bool {
    [name, file].contains { text in
      expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
  }
}
