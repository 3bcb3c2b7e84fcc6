import Foundation
import Simulation
import SpeechReplay

/// The temporary folder workers write their timelines into for an HTML report (`--timeline-dir`),
/// removed when the report is written.
struct TimelineFolder {
  /// The folder's path.
  let path: String

  /// Creates a fresh folder under the temporary directory.
  ///
  /// - Throws: ``OrchestrationError`` when it cannot be created.
  init() throws(OrchestrationError) {
    path =
      FileManager.default.temporaryDirectory.appendingPathComponent("speech-replay-timelines-\(UUID().uuidString)").path
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw OrchestrationError(
        .unwritableReport,
        "\(path): cannot create the timeline folder (\(error.localizedDescription)); check the temporary folder (TMPDIR)"
      )
    }
  }

  /// The worker arguments that make a worker write its timeline here.
  var workerArguments: [String] { ["--timeline-dir", path] }

  /// The timeline a worker wrote for a result; `nil` when it wrote none.
  ///
  /// - Parameter result: A result of a worker started with ``workerArguments``.
  /// - Returns: Its timeline.
  func timeline(of result: ScenarioResult) -> Timeline? {
    HTMLReport.readTimeline(at: HTMLReport.timelineFile(for: result.file, in: path))
  }

  /// The main-actor jobs a worker wrote beside a result's timeline; empty when it wrote none.
  ///
  /// - Parameter result: A result of a worker started with ``workerArguments``.
  /// - Returns: Its main-actor jobs with their wall time.
  func mainActorJobs(of result: ScenarioResult) -> [MainActorJob] {
    MainActorJobsFile.read(
      at: MainActorJobsFile.path(besideTimeline: HTMLReport.timelineFile(for: result.file, in: path)))
  }

  /// What the analyzer heard in a result's run (the report's "analyzer heard" lane); `nil` when the
  /// worker wrote none.
  ///
  /// - Parameter result: A result of a worker started with ``workerArguments``.
  /// - Returns: Its audio lane.
  func audioLane(of result: ScenarioResult) -> AudioLane? {
    HTMLReport.readAudioLane(at: HTMLReport.audioLaneFile(for: result.file, in: path))
  }

  /// Deletes the folder.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
