import ArgumentParser
import SpeechReplay

/// Which run `compare` takes as the baseline: a run id, `last` (the newest earlier run over the
/// same files), `last-labelled` (the newest earlier run over the same files given `run --label`),
/// or, without `--baseline`, the newest earlier labelled run over the same files, else the newest
/// earlier run over them, said aloud so an ad-hoc run never silently becomes the baseline.
///
/// "Over the same files": both runs were given the same paths and shard; for runs recorded before
/// the history kept paths (schema version 4), both recorded the same scenario files.
package enum BaselineChoice: Sendable, Hashable {
  /// A run by id.
  case run(Int64)
  /// The newest earlier run over the same files.
  case last
  /// The newest earlier labelled run over the same files.
  case lastLabelled
  /// `--baseline` not given: `lastLabelled`, else `last` with a note.
  case automatic

  /// How many runs over the same files a wall-clock figure's noise band is drawn from (the
  /// baseline and the runs before it), as on the trend page.
  package static let noiseWindow = 5

  /// Parses a `--baseline` value.
  ///
  /// - Parameter text: A run id, `last` or `last-labelled`.
  /// - Throws: ``HistoryError`` naming the value and what is accepted.
  package init(parsing text: String) throws(HistoryError) {
    switch text {
    case "last": self = .last
    case "last-labelled", "last-labeled": self = .lastLabelled
    default:
      guard let id = Int64(text) else {
        throw HistoryError(
          "--baseline \(text): not a run id, `last` or `last-labelled`; list the runs with `\(CLIContext.current.commandName) history`"
        )
      }
      self = .run(id)
    }
  }

  /// The baseline run's id for comparing `run`, the earlier runs over the same files that give the
  /// wall-clock noise band its samples, and a note when the choice needs saying.
  ///
  /// - Parameters:
  ///   - store: The history.
  ///   - run: The run under comparison.
  /// - Returns: The id; up to ``noiseWindow`` - 1 runs over the same files before it (none for a
  ///   run chosen by id); a note (`nil` when nothing needs saying).
  /// - Throws: `ValidationError` (a usage error) when no earlier run fits, saying what to give
  ///   instead; ``HistoryError`` when the history cannot be read.
  package func resolve(
    in store: HistoryStore, for run: HistoryRun
  ) throws -> (
    id: Int64, window: [Int64], note: String?
  ) {
    if case .run(let id) = self { return (id, [], nil) }
    let files = Set(try store.results(ofRun: run.id).map(\.key))
    var same: [HistoryRun] = []
    for candidate in try store.runs(limit: 500) where candidate.id < run.id {
      if candidate.metadata.coversSamePaths(as: run.metadata) {
        same.append(candidate)
      } else if candidate.metadata.paths.isEmpty || run.metadata.paths.isEmpty,
        Set(try store.results(ofRun: candidate.id).map(\.key)) == files
      {
        same.append(candidate)
      }
    }
    let command = CLIContext.current.commandName
    // Wall-clock samples: the chosen run and the runs over the same files just before it.
    func window(after id: Int64) -> [Int64] {
      Array(same.filter { $0.id < id }.prefix(Self.noiseWindow - 1).map(\.id))
    }
    if let labelled = same.first(where: \.metadata.isLabelled), self != .last {
      return (labelled.id, window(after: labelled.id), nil)
    }
    switch self {
    case .lastLabelled:
      throw ValidationError(
        "no run before run \(run.id) over the same files has a label; label the runs meant as baselines (`\(command) run --label NAME`), or give --baseline RUN"
      )
    case .last, .automatic:
      guard let newest = same.first else {
        throw ValidationError(
          "no run before run \(run.id) covered the same files (\(run.metadata.paths.isEmpty ? "its scenarios" : run.metadata.paths.joined(separator: " "))); give --baseline RUN (see `\(command) history`)"
        )
      }
      let note =
        self == .automatic
        ? "no labelled run before it covered the same files, so the baseline is run \(newest.id), the newest that did (an unlabelled run); label baselines with `\(command) run --label NAME`"
        : nil
      return (newest.id, window(after: newest.id), note)
    case .run: return (run.id, [], nil)
    }
  }
}
