import ArgumentParser
import AudioPCM
import Foundation
import SpeechReplay

/// `speech-replay merge REPORT.json… [--junit F] [--json F] [--html DIR]`: combines the JSON reports
/// of a suite's shards into one report and records them as one run in the history.
struct MergeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "merge",
    abstract:
      "Combine the JSON reports of shards (run --shard i/N --json F) into one report, recorded as one run in the history.",
    discussion: """
      Results are ordered by scenario file. A file found in two reports keeps the later report's result (a note says so). \
      --html writes the index of the merged run (the JSON reports hold no timelines; `speech-replay report RUN` re-runs \
      the scenarios for their pages). Exit status 1 when a merged scenario failed or crashed or a report could not be read or written.
      """)

  @Argument(help: "The JSON reports to merge (written by run --json).")
  var reports: [String]

  @OptionGroup var reportOptions: ReportOptions

  @OptionGroup var historyOptions: HistoryRecordingOptions

  @Flag(
    help:
      "Write --junit/--json even to a name that looks like an audio, scenario or capture file (never onto a report being merged)."
  )
  var force = false

  func validate() throws {
    if reports.isEmpty {
      throw ValidationError("name at least one JSON report to merge (written by `run --json FILE`)")
    }
    for report in reports { try PathCheck.checkReadable(report, what: "the report") }
    var outputs = OutputPaths()
    outputs.inputs(reports, what: "the report")
    if let path = historyOptions.path { outputs.input(path, what: "the history database") }
    try reportOptions.check(&outputs, force: force)
  }

  func run() throws {
    var byFile: [String: ScenarioResult] = [:]
    for path in reports {
      let report: JSONReport
      do {
        guard let data = FileManager.default.contents(atPath: path) else {
          throw OrchestrationError(.badArgument, "\(path): cannot read the report; check the path")
        }
        do { report = try JSONReport.decode(data) } catch {
          throw OrchestrationError(
            .badArgument,
            "\(path): not a JSON report written by `run --json` (\(Self.describe(error, in: data))); give the file `run --json FILE` wrote"
          )
        }
        if let problem = report.implausibleTime {
          throw OrchestrationError(
            .badArgument,
            "\(path): not a JSON report written by `run --json` (\(problem)); give the file `run --json FILE` wrote")
        }
      } catch {
        Failure.printError(error)
        throw ExitCode(Failure.exitCode)
      }
      // Keyed by subject and file: a run of several subjects holds each file once per subject.
      for result in report.results {
        if byFile[result.key] != nil {
          Failure.printNote("\(result.key) is in more than one report; keeping the result from \(path)")
        }
        byFile[result.key] = result
      }
    }
    let results = byFile.keys.sorted().map { byFile[$0]! }
    let summary = RunSummary(results: results)
    var failed = false
    // The report recorders `run` writes with; the merged run's history and index are its own.
    let finished = FinishedRun(results: results, startedAt: Date(), factories: [])
    var recorders: [any RunRecorder] = []
    if let junit = reportOptions.junit { recorders.append(JUnitRecorder(path: junit)) }
    if let json = reportOptions.json { recorders.append(JSONRecorder(path: json)) }
    for recorder in recorders { failed = !recorder.finish(finished) || failed }
    var runID: Int64?
    if let path = historyOptions.path {
      do {
        let store = try HistoryStore(path: path)
        let commit = GitCommit.current()
        var metadata = RunMetadata(
          startedAt: Date(), gitCommit: commit, seed: nil, mode: RunMetadata.timingMode(of: results), shard: nil,
          label: RunMetadata.label(given: historyOptions.label, commit: commit))
        (metadata.toolCommit, metadata.machine) = (RunMetadata.currentToolCommit, RunMetadata.currentMachine)
        runID = try store.record(metadata, results: results)
        Failure.printNote("recorded the merged run as run \(runID!) in \(path)")
      } catch {
        Failure.printError(error)
        failed = true
      }
    }
    if let html = reportOptions.html {
      let title = runID.map { "speech-replay run \($0) (merged)" } ?? "speech-replay run (merged)"
      do {
        let commit = GitCommit.current()
        let short = commit.map { String($0.prefix(12)) }
        var line =
          "merged \(ISO8601DateFormatter().string(from: Date())) from \(reports.count) reports, commit \(short ?? "none (not a git checkout)")"
        if let label = RunMetadata.label(given: historyOptions.label, commit: commit), label != short {
          line += ", label \(label)"
        }
        try HTMLReport(folder: html, title: title, details: [line]).writeIndex(
          results.map { RunIndexPage.Row(result: $0, page: nil) })
      } catch {
        Failure.printError(
          OrchestrationError(
            .unwritableReport,
            "\(html): cannot write the HTML report (\(FileProblem.describe(error, path: html))); check that the folder is writable"
          ))
        failed = true
      }
    }
    print(summary.line)
    if !summary.succeeded || failed { throw ExitCode(Failure.exitCode) }
  }

  /// A decoding error in plain words: what is missing or wrong, and where, never `DecodingError` text.
  static func describe(_ error: any Error, in data: Data) -> String {
    guard let error = error as? DecodingError else { return "it cannot be read" }
    func place(_ path: [any CodingKey]) -> String {
      path.isEmpty ? "" : " at " + path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
    switch error {
    // The decoder reports a number out of its type's range (a negative seed) with no place at all.
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return (try? JSONSerialization.jsonObject(with: data)) == nil
        ? "it is not JSON" : "a value is not what a report holds, such as a number out of range"
    case .dataCorrupted(let context): return "a value\(place(context.codingPath)) is not what a report holds"
    case .keyNotFound(let key, let context): return "'\(key.stringValue)' is missing\(place(context.codingPath))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "a value\(place(context.codingPath)) is not what a report holds"
    @unknown default: return "it cannot be read"
    }
  }
}
