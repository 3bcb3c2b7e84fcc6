/// Writes a scenario file line by line with keys from ``ScenarioKeys`` only: the one writer of
/// scenario files that people read (capture import, `scenario new`), with comments where a person
/// needs them. Values are text the caller has already formatted (quoted, a duration, a flow list).
///
/// ```swift
/// var writer = ScenarioWriter()
/// writer.value(ScenarioKeys.schema, "1")
/// writer.section(ScenarioKeys.steps) { $0.item("start"); $0.item(ScenarioWriter.step(ScenarioKeys.Step.wait, "1s")) }
/// writer.text  // "schema: 1\nsteps:\n  - start\n  - wait: 1s\n"
/// ```
package struct ScenarioWriter: Sendable {
  /// The lines written so far.
  package private(set) var lines: [String] = []
  private var indent = ""

  /// An empty file.
  package init() {}

  /// The file's text, ending in a newline.
  package var text: String { lines.joined(separator: "\n") + "\n" }

  /// A comment line (`# text`).
  package mutating func comment(_ text: String) { lines.append("\(indent)# \(text)") }

  /// `key: value`, with a comment after it when given.
  package mutating func value(_ key: ScenarioKey, _ value: String, comment: String? = nil) {
    lines.append("\(indent)\(key.name): \(value)" + Self.trailing(comment))
  }

  /// `key:` and, indented under it, what `body` writes.
  package mutating func section(_ key: ScenarioKey, _ body: (inout ScenarioWriter) -> Void) {
    lines.append("\(indent)\(key.name):")
    var inner = ScenarioWriter()
    inner.indent = indent + "  "
    body(&inner)
    lines += inner.lines
  }

  /// A list item (`- value`), with a comment after it when given.
  package mutating func item(_ value: String, comment: String? = nil) {
    lines.append("\(indent)- \(value)" + Self.trailing(comment))
  }

  /// A flow mapping: `{ key: value, … }`.
  package static func flow(_ entries: [(ScenarioKey, String)]) -> String {
    "{ " + entries.map { "\($0.0.name): \($0.1)" }.joined(separator: ", ") + " }"
  }

  /// A flow list: `[a, b]`.
  package static func list(_ values: [String]) -> String { "[" + values.joined(separator: ", ") + "]" }

  /// A step written as its word (`start`) or as `kind: value` (`wait: 1s`).
  package static func step(_ kind: ScenarioKey, _ value: String? = nil) -> String {
    value.map { "\(kind.name): \($0)" } ?? kind.name
  }

  private static func trailing(_ comment: String?) -> String { comment.map { "  # \($0)" } ?? "" }
}
