import Foundation
import Simulation

/// The file a worker writes beside its timeline (`--timeline-dir`) with its run's main-actor jobs
/// and their wall time, which the Perfetto trace's main-actor track shows. Kept apart from the
/// timeline, which is deterministic and compared between runs; one row per job:
/// `[virtual ns, wall ns, first event, end event]`.
enum MainActorJobsFile {
  /// The file beside a timeline file (`X.timeline.json` → `X.main-actor.json`).
  ///
  /// - Parameter timelineFile: The timeline's file.
  /// - Returns: The jobs' file.
  static func path(besideTimeline timelineFile: String) -> String {
    let suffix = ".timeline.json"
    let stem = timelineFile.hasSuffix(suffix) ? String(timelineFile.dropLast(suffix.count)) : timelineFile
    return stem + ".main-actor.json"
  }

  /// Writes the jobs.
  ///
  /// - Parameters:
  ///   - jobs: The run's main-actor jobs.
  ///   - path: The file.
  /// - Throws: An error when it cannot be written.
  static func write(_ jobs: [MainActorJob], to path: String) throws {
    let rows = jobs.map { job in
      [
        job.virtualTime.nanosecondsClamped, job.wallTime.nanosecondsClamped, Int64(job.events.lowerBound),
        Int64(job.events.upperBound),
      ]
    }
    try JSONEncoder().encode(rows).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// Reads the jobs a worker wrote; empty when there are none or the file cannot be read.
  ///
  /// - Parameter path: The file.
  /// - Returns: The jobs, in run order.
  static func read(at path: String) -> [MainActorJob] {
    guard let data = FileManager.default.contents(atPath: path),
      let rows = try? JSONDecoder().decode([[Int64]].self, from: data)
    else { return [] }
    return rows.compactMap { row in
      guard row.count == 4, row[2] <= row[3] else { return nil }
      return MainActorJob(
        virtualTime: .nanoseconds(row[0]), wallTime: .nanoseconds(row[1]), events: Int(row[2])..<Int(row[3]))
    }
  }
}
