import Foundation
import SpeechReplay

/// Both ends of the worker protocol: the worker prints its ``ScenarioResult`` as one line of JSON,
/// last on standard output; the parent reads that line, or reports the worker as crashed.
package enum ScenarioWorker {
  /// Runs one scenario in this process and prints the result line; what the worker calls.
  ///
  /// - Parameters:
  ///   - file: The scenario file.
  ///   - seed: The seed override.
  ///   - engine: The engine that runs it.
  ///   - write: Where the line goes (standard output by default).
  package static func runAndReport(
    file: String, seed: UInt64?, engine: ScenarioEngine, write: (String) -> Void = { print($0) }
  ) {
    prepareOutput()
    write(resultLine(for: withCaptureProblems(engine.run(file, seed))))
  }

  /// `result` failed with every problem the capture recorder met (``CaptureProblems``): a capture
  /// that `run --capture` asked for and did not get is never a pass.
  static func withCaptureProblems(_ result: ScenarioResult) -> ScenarioResult {
    var result = result
    for problem in CaptureProblems.take() {
      result.failures.append(ScenarioFailure(problem, check: CheckID(.run, "capture")))
      if result.status == .passed { result.status = .failed }
    }
    return result
  }

  /// The result as one line of JSON.
  ///
  /// - Parameter result: The result.
  /// - Returns: Compact JSON without line breaks.
  package static func resultLine(for result: ScenarioResult) -> String {
    do {
      return String(decoding: try ReportCoding.encoder(pretty: false).encode(result), as: UTF8.self)
    } catch {
      // Encoding can only fail on values JSON cannot hold; report that rather than lose the result.
      var safe = result
      safe.figures = Figures()
      safe.status = .failed
      safe.failures.append(
        ScenarioFailure(
          "the result could not be written as JSON (\(error)); check the scenario's figures",
          check: CheckID(.run, "encoding")))
      return (try? String(decoding: ReportCoding.encoder(pretty: false).encode(safe), as: UTF8.self)) ?? "{}"
    }
  }

  /// The result a worker printed, if its last non-empty line of standard output is one.
  ///
  /// - Parameter standardOutput: Everything the worker printed on standard output.
  /// - Returns: The decoded result, or `nil` when the last line is not a result.
  package static func result(fromOutput standardOutput: String) -> ScenarioResult? {
    guard let last = standardOutput.split(whereSeparator: \.isNewline).last(where: { !$0.allSatisfy(\.isWhitespace) })
    else { return nil }
    return try? ReportCoding.decoder().decode(ScenarioResult.self, from: Data(last.utf8))
  }
}
