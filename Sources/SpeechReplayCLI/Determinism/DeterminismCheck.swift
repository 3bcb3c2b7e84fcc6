import Foundation
import Simulation
import SpeechReplay

/// The determinism self-check of `speech-replay run --check-determinism`: each scenario runs twice,
/// in two worker processes, and the second result fails when its trace differs from the first's,
/// with the first divergent event.
///
/// Two processes rather than two runs in one process, because per-process state such as Swift's
/// randomly seeded hashing (the iteration order of a `Set` or `Dictionary`) only differs across
/// processes. Workers write their canonical trace lines to a file (`run-scenario --trace-dir DIR`)
/// so the parent can name the event where they part.
package enum DeterminismCheck {
  /// The second run's result, failed when the two runs are not the same run.
  ///
  /// - Parameters:
  ///   - first: The first run's result.
  ///   - second: The second run's result (what is reported).
  ///   - firstTrace: The first run's canonical lines, when its worker wrote them.
  ///   - secondTrace: The second run's canonical lines, when its worker wrote them.
  /// - Returns: `second`, with a failure naming the first divergent event when the trace hashes or
  ///   statuses differ.
  package static func check(
    first: ScenarioResult, second: ScenarioResult, firstTrace: [String]?, secondTrace: [String]?
  ) -> ScenarioResult {
    guard first.traceHash != second.traceHash || first.status != second.status else { return second }
    var result = second
    var message = "the scenario is not deterministic: two runs with seed \(second.seed) gave "
    if first.traceHash != second.traceHash {
      message += "trace hashes \(first.traceHash) and \(second.traceHash)"
      if let firstTrace, let secondTrace,
        let divergence = TraceDivergence.first(expected: firstTrace, actual: secondTrace)
      {
        message +=
          "; first divergent event #\(divergence.index): expected \(divergence.expected ?? "<end of trace>"), actual \(divergence.actual ?? "<end of trace>")"
      }
    } else {
      message += "statuses \(first.status.rawValue) and \(second.status.rawValue)"
    }
    message +=
      ". Something in the subject or the scenario escapes the seed (the wall clock, system random, Set or Dictionary order, threads); "
    message += "compare the two with `\(CLIContext.current.commandName) explain \(second.file)` run twice"
    result.failures.append(ScenarioFailure(message, check: CheckID(.run, "nondeterministic")))
    if result.status == .passed { result.status = .failed }
    return result
  }

  /// The trace file a worker writes for a scenario file inside `--trace-dir`.
  ///
  /// - Parameters:
  ///   - file: The scenario file as the parent named it.
  ///   - directory: The trace folder.
  /// - Returns: A path in `directory` unique to `file`.
  package static func traceFile(for file: String, in directory: String) -> String {
    let name = String(file.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
    return (directory as NSString).appendingPathComponent(name + ".trace")
  }

  /// Reads the canonical lines a worker wrote with `--trace-dir`.
  ///
  /// - Parameter path: The trace file.
  /// - Returns: Its lines, or `nil` when the worker wrote none (it crashed, or is an app's worker
  ///   that does not support `--trace-dir`).
  package static func readTrace(at path: String) -> [String]? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0).map(
      String.init)
  }

  /// Writes canonical lines, one per line, for ``readTrace(at:)``.
  ///
  /// - Parameters:
  ///   - lines: The lines.
  ///   - path: The trace file.
  /// - Throws: The file system's error when the file cannot be written.
  package static func writeTrace(_ lines: [String], to path: String) throws {
    try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
  }
}
