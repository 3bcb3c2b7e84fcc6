/// The checked keys of one YAML mapping of a scenario file, in file order.
struct ScenarioMapping {
  /// The mapping node itself.
  let owner: ScenarioNode
  /// Key, key node and value, in file order.
  let entries: [(key: String, keyNode: ScenarioNode, value: ScenarioNode)]

  /// The value of `key`, or nil when absent.
  subscript(key: String) -> ScenarioNode? { entries.first { $0.key == key }?.value }

  /// The value of `key`.
  /// - Throws: ``ScenarioError`` at the mapping when the key is missing.
  func required(_ key: String, example: String) throws(ScenarioError) -> ScenarioNode {
    guard let value = self[key] else {
      let owner = owner.path.isEmpty ? "the scenario" : "'\(owner.path)'"
      throw self.owner.error("\(owner) needs the key '\(key)'; add for example \(key): \(example)")
    }
    return value
  }

  /// Whether the mapping has `key`.
  func has(_ key: String) -> Bool { self[key] != nil }
}
