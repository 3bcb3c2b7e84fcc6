import Foundation

extension ScenarioDecoder {
  /// `expect.trap`: a short, non-empty phrase naming the trap the scenario guards against.
  func trap(_ node: ScenarioNode) throws(ScenarioError) -> String {
    guard !node.isNull, case .scalar = node.node, let text = try? node.nonEmptyString(),
      !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    else {
      throw node.error(
        "'expect.trap' must name the trap this scenario guards against in a short text, like \"no offline handling: a first offline run must show a clear error\", not \(node.shown)")
    }
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
