import CoreMediaTwin
import SimulatedDevice

extension ScenarioDecoder {
  /// `{ analyzerStops: 2.9s, code: 1, message: "…", delay: 0s }` in `model.faults`: the analyzer
  /// stops unexpectedly once audio through that moment is consumed (Twins.md, "Faults of the Speech twins").
  /// - Throws: ``ScenarioError`` at the item when it carries keys of another fault kind.
  func analyzerStop(at node: ScenarioNode, in map: ScenarioMapping) throws(ScenarioError) -> ModelScript.Fault {
    for key in [ScenarioKeys.Fault.for, ScenarioKeys.Fault.extra] where map.has(key) {
      throw map.owner.error(
        "'\(key)' belongs to another fault kind; an analyzerStops fault takes only code, message and delay, like { analyzerStops: 2.9s }"
      )
    }
    let failure = ModelFailure(
      code: try map[ScenarioKeys.Fault.code]?.int() ?? 1,
      message: try map[ScenarioKeys.Fault.message]?.string() ?? "The speech analyzer stopped unexpectedly",
      stopsAnalyzer: true)
    return .error(
      at: CMTime(try node.duration()), failure: failure, delay: try map[ScenarioKeys.Fault.delay]?.duration() ?? .zero)
  }
}
