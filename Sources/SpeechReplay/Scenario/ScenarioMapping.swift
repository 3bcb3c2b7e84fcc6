/// The checked keys of one YAML mapping of a scenario file, in file order.
///
/// Read only through ``ScenarioKey`` values from ``ScenarioKeys`` (or a check family's folder):
/// there is no read by a key's text, so renaming a key in the table renames every read of it, and
/// a read of a key the table does not hold does not compile.
struct ScenarioMapping {
  /// The mapping node itself.
  let owner: ScenarioNode
  /// Key, key node and value, in file order.
  let entries: [(key: ScenarioKey, keyNode: ScenarioNode, value: ScenarioNode)]

  /// The value of `key`, or nil when absent.
  subscript(key: ScenarioKey) -> ScenarioNode? { entries.first { $0.key == key }?.value }

  /// The value of `key`.
  /// - Throws: ``ScenarioError`` at the mapping when the key is missing.
  func required(_ key: ScenarioKey, example: String) throws(ScenarioError) -> ScenarioNode {
    guard let value = self[key] else {
      let owner = owner.path.isEmpty ? "the scenario" : "'\(owner.path)'"
      throw self.owner.error("\(owner) needs the key '\(key)'; add for example \(key): \(example)")
    }
    return value
  }

  /// Whether the mapping has `key`.
  func has(_ key: ScenarioKey) -> Bool { self[key] != nil }
}
