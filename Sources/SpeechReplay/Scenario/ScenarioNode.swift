import Foundation
import Yams

/// One YAML node of a scenario file with the file and key path it comes from, read into typed
/// values with errors that name `file:line:column`, the key and how to fix it.
///
/// Written here instead of decoding with `Codable`: `YAMLDecoder` loses the line and column of the
/// offending value and ignores unknown keys, and the scenario format needs both.
struct ScenarioNode {
  /// The YAML node.
  let node: Node
  /// The scenario file, as the user named it.
  let file: String
  /// Where the node sits, for messages: `device.microphone.sampleRate`, `steps[2]`.
  let path: String

  /// The node's place in the file (1:1 when Yams has no mark).
  var location: SourceLocation {
    SourceLocation(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1)
  }

  /// An error at this node.
  func error(_ message: String) -> ScenarioError { ScenarioError(message, at: location) }

  /// What the node is, for messages: `a list`, `a mapping`, `'2 seconds'`.
  var shown: String {
    switch node {
    case .mapping: "a mapping"
    case .sequence: "a list"
    case .scalar(let scalar): scalar.string.isEmpty && isNull ? "nothing" : "'\(scalar.string)'"
    case .alias: "an alias"
    }
  }

  /// True for `~`, `null` or an empty value.
  var isNull: Bool {
    guard case .scalar(let scalar) = node, scalar.style == .plain else { return false }
    return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
  }

  // MARK: Scalars

  /// The node as text (any scalar; numbers stay as written).
  /// - Throws: ``ScenarioError`` when the node is a list, a mapping or empty.
  func string() throws(ScenarioError) -> String {
    guard case .scalar(let scalar) = node, !isNull else {
      throw error(
        "'\(path)' must be text, not \(shown); write \(leaf): some text (quote it when it starts with a symbol)")
    }
    return scalar.string
  }

  /// The node as text that is not empty.
  func nonEmptyString() throws(ScenarioError) -> String {
    let text = try string()
    guard !text.trimmingCharacters(in: .whitespaces).isEmpty else {
      throw error("'\(path)' is empty; give it a value")
    }
    return text
  }

  /// The node as a whole number.
  func int(in range: ClosedRange<Int>? = nil) throws(ScenarioError) -> Int {
    guard case .scalar(let scalar) = node, let value = Int(scalar.string.replacingOccurrences(of: "_", with: "")) else {
      throw error(
        "'\(path)' must be a whole number, not \(shown); write for example \(leaf): \(range?.lowerBound ?? 1)")
    }
    if let range, !range.contains(value) {
      throw error("'\(path)' is \(value) but must be between \(range.lowerBound) and \(range.upperBound)")
    }
    return value
  }

  /// The node as an unsigned 64-bit number (seeds).
  func uint64() throws(ScenarioError) -> UInt64 {
    guard case .scalar(let scalar) = node, let value = UInt64(scalar.string.replacingOccurrences(of: "_", with: ""))
    else {
      throw error("'\(path)' must be a whole number from 0 to \(UInt64.max), not \(shown)")
    }
    return value
  }

  /// The node as a number.
  func double(in range: ClosedRange<Double>? = nil) throws(ScenarioError) -> Double {
    guard case .scalar(let scalar) = node, let value = Double(scalar.string.replacingOccurrences(of: "_", with: "")),
      value.isFinite
    else {
      throw error("'\(path)' must be a number, not \(shown); write for example \(leaf): \(range?.upperBound ?? 1)")
    }
    if let range, !range.contains(value) {
      throw error("'\(path)' is \(value) but must be between \(range.lowerBound) and \(range.upperBound)")
    }
    return value
  }

  /// The node as `true` or `false`.
  func bool() throws(ScenarioError) -> Bool {
    guard case .scalar(let scalar) = node else { throw error("'\(path)' must be true or false, not \(shown)") }
    switch scalar.string.lowercased() {
    case "true", "yes": return true
    case "false", "no": return false
    default: throw error("'\(path)' must be true or false, not \(shown)")
    }
  }

  /// The node as a duration: `2s`, `500ms`, `1.5s`, `1m`.
  func duration() throws(ScenarioError) -> Duration {
    guard case .scalar(let scalar) = node, let duration = DurationText.parse(scalar.string) else {
      throw error("\(shown) is not a duration; write 2s, 500ms or 1.5s")
    }
    return duration
  }

  /// The node as one of `choices`.
  func choice(_ choices: [String]) throws(ScenarioError) -> String {
    let text = try string()
    guard choices.contains(text) else {
      throw error(
        "'\(path)' is '\(text)' but must be one of \(choices.joined(separator: ", "))\(Self.suggestion(text, choices))")
    }
    return text
  }

  // MARK: Collections

  /// The node's items when it is a list.
  /// - Throws: ``ScenarioError`` when it is not a list.
  func list() throws(ScenarioError) -> [ScenarioNode] {
    guard case .sequence(let sequence) = node else {
      throw error(
        "'\(path)' must be a list, not \(shown); write each item on its own line starting with '- ', or [a, b]")
    }
    return sequence.enumerated().map { ScenarioNode(node: $0.element, file: file, path: "\(path)[\($0.offset)]") }
  }

  /// The node as a list of texts.
  func strings() throws(ScenarioError) -> [String] {
    var result: [String] = []
    for item in try list() { result.append(try item.nonEmptyString()) }
    return result
  }

  /// The node as a mapping whose keys must be among `keys`.
  /// - Parameter keys: The keys allowed, in the order messages list them.
  /// - Throws: ``ScenarioError`` when the node is not a mapping, or for the first unknown or repeated key.
  func mapping(keys: [ScenarioKey]) throws(ScenarioError) -> ScenarioMapping {
    let names = keys.names
    guard case .mapping(let mapping) = node else {
      throw error("'\(path)' must be a mapping of \(names.joined(separator: ", ")), not \(shown)")
    }
    var entries: [(key: ScenarioKey, keyNode: ScenarioNode, value: ScenarioNode)] = []
    for (keyNode, value) in mapping {
      let key = ScenarioNode(node: keyNode, file: file, path: path)
      guard case .scalar(let scalar) = keyNode else {
        throw key.error("a key in '\(path)' must be a plain word, not \(key.shown)")
      }
      let name = scalar.string
      guard let known = keys.first(where: { $0.name == name }) else {
        let owner = path.isEmpty ? "the scenario" : "'\(path)'"
        throw key.error(
          "unknown key '\(name)' in \(owner); expected one of \(names.joined(separator: ", "))\(Self.suggestion(name, names))"
        )
      }
      guard !entries.contains(where: { $0.key == known }) else {
        throw key.error("the key '\(name)' appears twice in \(path.isEmpty ? "the scenario" : "'\(path)'"); keep one")
      }
      entries.append(
        (known, key, ScenarioNode(node: value, file: file, path: path.isEmpty ? name : "\(path).\(name)")))
    }
    return ScenarioMapping(owner: self, entries: entries)
  }

  /// The last component of ``path``, for examples in messages.
  var leaf: String {
    let last = path.split(separator: ".").last.map(String.init) ?? path
    return last.split(separator: "[").first.map(String.init) ?? last
  }

  /// `, did you mean 'steps'?` when a choice is close to `text`, else empty.
  static func suggestion(_ text: String, _ choices: [String]) -> String {
    let scored = choices.map { ($0, editDistance(text.lowercased(), $0.lowercased())) }.min { $0.1 < $1.1 }
    guard let (best, distance) = scored, distance <= max(1, (best.count + 1) / 3), distance < best.count else {
      return ""
    }
    return ", did you mean '\(best)'?"
  }

  /// Levenshtein distance, for suggestions.
  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
