import Foundation
import SpeechReplay

/// The scenarios one `speech-replay run` executes, in suite order: discovered, named, filtered,
/// then cut down to one shard.
package struct SuitePlan: Sendable {
  /// The scenarios to run, in suite order.
  package var scenarios: [PlannedScenario]
  /// How many scenario files were found before the filter and the shard.
  package var discoveredCount: Int

  /// Builds the plan.
  ///
  /// - Parameters:
  ///   - paths: Files or folders (see ``ScenarioDiscovery``).
  ///   - filter: Keeps only scenarios whose name or path matches, when given.
  ///   - excluding: Leaves out scenarios whose name or path matches any of these (after `filter`).
  ///   - shard: Keeps only the files of this shard, when given.
  ///   - engine: Names each scenario; a file that cannot be loaded is named after its file and kept,
  ///     so its worker reports the error with its location.
  ///   - workingDirectory: The directory shard keys are relative to.
  ///   - loadingLimit: The most wall-clock time naming one file may take (`run --timeout`: loading
  ///     runs inside the run's time limit); a file past it is named after its file and marked
  ///     ``PlannedScenario/loadingTimedOut``. `nil` for no limit.
  /// - Throws: ``OrchestrationError`` for a missing path, a filter that matches none of the
  ///   scenarios, or exclusions that leave none.
  package init(
    paths: [String], filter: ScenarioFilter? = nil, excluding: [ScenarioFilter] = [], shard: Shard? = nil,
    engine: ScenarioEngine,
    workingDirectory: String = FileManager.default.currentDirectoryPath, loadingLimit: Duration? = nil
  ) throws(OrchestrationError) {
    let files = try ScenarioDiscovery.files(in: paths)
    discoveredCount = files.count
    var planned = files.map { Self.named($0, engine: engine, limit: loadingLimit) }
    if let filter {
      planned = planned.filter { filter.matches(name: $0.name, file: $0.file) }
      if planned.isEmpty {
        throw OrchestrationError(
          .missingScenarios,
          "--filter '\(filter.pattern)' matches none of the \(files.count) scenarios found; check the pattern with `\(CLIContext.current.commandName) list`"
        )
      }
    }
    if !excluding.isEmpty {
      let before = planned.count
      planned = planned.filter { scenario in
        !excluding.contains { $0.matches(name: scenario.name, file: scenario.file) }
      }
      if planned.isEmpty {
        let patterns = excluding.map { "'\($0.pattern)'" }.joined(separator: ", ")
        let kept = filter.map { " that --filter '\($0.pattern)' keeps" } ?? " found"
        throw OrchestrationError(
          .missingScenarios,
          "--exclude \(patterns) leaves none of the \(before) scenarios\(kept); an exclusion matches a name or path anywhere, so anchor it (for example '^Scenarios/slow-') and check it with `\(CLIContext.current.commandName) list`"
        )
      }
    }
    if let shard {
      planned = planned.filter {
        shard.contains(key: ScenarioDiscovery.shardKey(for: $0.file, workingDirectory: workingDirectory))
      }
    }
    scenarios = planned
  }

  /// `file` named by `engine` within `limit`; past it, named after the file and marked as timed out
  /// (and later loads of it fail at once, ``LoadedScenarios/abandon(fileAt:after:)``).
  private static func named(_ file: String, engine: ScenarioEngine, limit: Duration?) -> PlannedScenario {
    guard let name = TimeLimitedWork.run(within: limit, { try? engine.name(file) }) else {
      if let limit { LoadedScenarios.abandon(fileAt: file, after: limit) }
      return PlannedScenario(file: file, name: fallbackName(for: file), loadingTimedOut: true)
    }
    return PlannedScenario(file: file, name: name ?? fallbackName(for: file))
  }

  /// The order to start the scenarios in so that a long one does not start last and keep one
  /// worker busy after the others are done: longest first by the wall time each took when it last
  /// ran, scenarios without a recorded time before all others (they may be long). Equal times,
  /// and the unknown ones, keep suite order.
  ///
  /// - Parameter lastWallSeconds: Each scenario's last wall time, keyed by its file as
  ///   ``PlannedScenario/file`` spells it (``HistoryStore/lastWallSeconds()``).
  /// - Returns: Indices into ``scenarios``, each once.
  package func startOrder(lastWallSeconds: [String: Double]) -> [Int] {
    let known = scenarios.map { lastWallSeconds[$0.file] }
    return scenarios.indices.sorted { left, right in
      switch (known[left], known[right]) {
      case (nil, nil): left < right
      case (nil, _): true
      case (_, nil): false
      case (let l?, let r?): l > r || (l == r && left < right)
      }
    }
  }

  /// The name of a scenario that cannot be loaded: its file name without extension.
  ///
  /// - Parameter file: The scenario file.
  /// - Returns: The last path component without its extension.
  package static func fallbackName(for file: String) -> String {
    ((file as NSString).lastPathComponent as NSString).deletingPathExtension
  }
}
