import Foundation
import SpeechReplay

/// Both ends of the worker protocol: the worker prints its ``ScenarioResult`` as one line of JSON,
/// last on standard output; the parent reads that line, or reports the worker as crashed.
package enum ScenarioWorker {
  /// The one route from a worker into the runner: runs one scenario with `runner`, writes its canonical trace lines to `traceFile` (for
  /// `--check-determinism`) and its timeline as JSON to `timelineFile` (for `--html` and
  /// `--perfetto`, with the main-actor jobs beside it, ``MainActorJobsFile``), then prints the result line.
  ///
  /// - Parameters:
  ///   - file: The scenario file.
  ///   - seed: The seed override.
  ///   - runner: The runner that replays it.
  ///   - traceFile: Where the trace lines go; `nil` for nowhere.
  ///   - timelineFile: Where the timeline goes; `nil` for nowhere.
  ///   - write: Where the result line goes (standard output by default).
  /// - Returns: Whether the run left tracked objects alive after it ended (``RunLeftovers``; the
  ///   result then carries a `run.leftovers` warning): a reused worker must not run another scenario.
  @discardableResult
  package static func runAndReport(
    file: String, seed: UInt64?, runner: ScenarioRunner, traceFile: String? = nil, timelineFile: String? = nil,
    write: (String) -> Void = { print($0) }
  ) -> Bool {
    prepareOutput()
    var runner = runner
    // The main-actor jobs go only beside a timeline.
    runner.keepsMainActorJobs = timelineFile != nil
    let leftovers = RunLeftovers()
    let run = runner.replay(fileAt: file, seed: seed)
    var result = run.result
    let leftoverWarning = leftovers.warning()
    if let leftoverWarning { result.warnings.append(leftoverWarning) }
    if let traceFile {
      do {
        try DeterminismCheck.writeTrace(run.timeline.events.map(\.canonicalLine), to: traceFile)
      } catch {
        result.failures.append(
          ScenarioFailure(
            "cannot write the trace to \(traceFile) (\(error)); check the temporary folder",
            check: CheckID(.run, "trace")))
        result.status = .failed
      }
    }
    if let timelineFile {
      do {
        try HTMLReport.writeTimeline(run.timeline, to: timelineFile)
        try MainActorJobsFile.write(run.mainActorJobs, to: MainActorJobsFile.path(besideTimeline: timelineFile))
        if let lane = run.audioLane {
          try HTMLReport.writeAudioLane(
            lane, to: HTMLReport.audioLaneFile(for: file, in: (timelineFile as NSString).deletingLastPathComponent))
        }
      } catch {
        result.failures.append(
          ScenarioFailure(
            "cannot write the timeline to \(timelineFile) (\(error)); check the temporary folder",
            check: CheckID(.run, "trace")))
        result.status = .failed
      }
    }
    write(resultLine(for: withCaptureProblems(result)))
    return leftoverWarning != nil
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
