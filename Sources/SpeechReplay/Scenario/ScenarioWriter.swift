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
  package mutating func comment(_ text: String) { lines.append("\(indent)# \(Self.oneLine(text))") }

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

  private static func trailing(_ comment: String?) -> String { comment.map { "  # \(oneLine($0))" } ?? "" }

  /// Whether libyaml's reader accepts `scalar` anywhere in a file: tab, line breaks and the
  /// printable characters; never other C0 or C1 controls, DEL, or U+FFFE/U+FFFF.
  package static func isYAMLPrintable(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x0A, 0x0D, 0x20...0x7E, 0x85, 0xA0...0xD7FF, 0xE000...0xFFFD, 0x10000...: true
    default: false
    }
  }

  /// `text` for a comment: a line break or a character YAML refuses (text from a device, such as
  /// its model name) as visible `\u{…}` text, so a comment never ends early or makes the file invalid.
  static func oneLine(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || !isYAMLPrintable($0) }) else {
      return text
    }
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar == "\n" || scalar == "\r" || !isYAMLPrintable(scalar) {
        out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
