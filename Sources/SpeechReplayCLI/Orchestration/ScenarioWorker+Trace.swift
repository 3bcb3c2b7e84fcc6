import Foundation
import SpeechReplay

extension ScenarioWorker {
  /// Runs one scenario with `runner`, writes its canonical trace lines to `traceFile` (for
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
  package static func runAndReport(
    file: String, seed: UInt64?, runner: ScenarioRunner, traceFile: String?, timelineFile: String? = nil,
    write: (String) -> Void = { print($0) }
  ) {
    prepareOutput()
    var runner = runner
    // The main-actor jobs go only beside a timeline.
    runner.keepsMainActorJobs = timelineFile != nil
    let run = runner.replay(fileAt: file, seed: seed)
    var result = run.result
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
  }
}
