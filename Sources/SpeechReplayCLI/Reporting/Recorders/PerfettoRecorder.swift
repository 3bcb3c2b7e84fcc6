import Foundation

/// `run --perfetto DIR`: each scenario's timeline as a Trace Event Format file, per subject.
struct PerfettoRecorder: RunRecorder {
  /// The traces' folder.
  var folder: String

  func finish(_ run: FinishedRun) -> Bool {
    do {
      for (subjectFolder, subjectResults) in RunCommand.bySubject(run.results, into: folder) {
        let timelines = run.timelines[subjectResults.first?.subject ?? run.factories[0].name]
        try PerfettoTrace.write(
          results: subjectResults, into: subjectFolder, timeline: { timelines?.timeline(of: $0) },
          mainActorJobs: { timelines?.mainActorJobs(of: $0) ?? [] })
      }
      return true
    } catch {
      Failure.printError(
        OrchestrationError(
          .unwritableReport,
          "\(folder): cannot write the traces (\(error.localizedDescription)); check that the folder is writable"))
      return false
    }
  }
}
