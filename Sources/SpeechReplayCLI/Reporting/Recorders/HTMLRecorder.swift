import AudioPCM
import Foundation
import SpeechReplay

/// `run --html DIR`: the report of a run of one subject in DIR; of several, each subject's report in
/// `DIR/<subject>/` and an index of the subjects in `DIR/index.html`.
struct HTMLRecorder: RunRecorder {
  /// The report's folder.
  var folder: String
  /// `--seed`, when it overrode every scenario's.
  var seed: UInt64?
  /// The index's lines about the run, from when it started.
  var details: (Date) -> [String]

  func finish(_ run: FinishedRun) -> Bool {
    do {
      try write(run)
      return true
    } catch {
      Failure.printError(
        OrchestrationError(
          .unwritableReport,
          "\(folder): cannot write the HTML report (\(FileProblem.describe(error, path: folder))); check that the folder is writable"
        ))
      return false
    }
  }

  private func write(_ run: FinishedRun) throws {
    var links: [(name: String, folder: String, summary: RunSummary)] = []
    for (subjectFolder, subjectResults) in RunCommand.bySubject(run.results, into: folder) {
      let name = subjectResults.first?.subject
      var report = HTMLReport(
        folder: subjectFolder,
        title: "\(CLIContext.current.commandName) run" + (name.map { " — subject \($0)" } ?? ""),
        details: details(run.startedAt))
      report.seedOverride = seed
      let timelines = run.timelines[name ?? run.factories.first?.name ?? ""]
      try report.write(
        results: subjectResults, timeline: { timelines?.timeline(of: $0) },
        audioLane: { timelines?.audioLane(of: $0) })
      if let name {
        links.append((name, (subjectFolder as NSString).lastPathComponent, RunSummary(results: subjectResults)))
      }
    }
    guard run.several else { return }
    try FileReplacement.write(
      Data(Self.subjectIndex(links).utf8), to: (folder as NSString).appendingPathComponent("index.html"))
  }

  /// The index page of a run of several subjects: a link to each subject's report with its summary.
  static func subjectIndex(_ links: [(name: String, folder: String, summary: RunSummary)]) -> String {
    let command = CLIContext.current.commandName
    var page = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
    page += JUnitReport.escape("\(command) run — \(links.count) subjects") + "</title></head><body>\n"
    page += "<h1>\(JUnitReport.escape(command)) run — \(links.count) subjects</h1>\n<ul>\n"
    for link in links {
      page +=
        "<li><a href=\"\(JUnitReport.escape(link.folder))/index.html\">\(JUnitReport.escape(link.name))</a>: \(JUnitReport.escape(link.summary.line))</li>\n"
    }
    page += "</ul>\n</body></html>\n"
    return page
  }
}
