import ArgumentParser
import Foundation
import SpeechReplay

/// `speech-replay compare --baseline RUN [--run RUN]`: what changed between two recorded runs.
struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Show what changed per scenario between a baseline run and a run (default: the latest).",
    discussion: """
      Status and trace-hash changes are listed; virtual-time figures are compared exactly; wall-clock figures count only \
      outside the noise band (see Documentation/History.md). Exit status 1 when something regressed, 0 otherwise.
      """)

  @Option(help: "The baseline run id; repeat it to give several baseline samples for the wall-clock noise band.")
  var baseline: [Int64] = []

  @Option(name: .customLong("run"), help: "The run to compare. Default: the latest run.")
  var runID: Int64?

  @Option(help: "The history database. Default: $SPEECH_REPLAY_HISTORY, else .speech-replay/history.sqlite.")
  var history: String?

  @Option(help: "Also write the two runs side by side, per scenario and figure, as an HTML page to this file.")
  var html: String?

  func validate() throws {
    if baseline.isEmpty { throw ValidationError("--baseline RUN is required; list the run ids with `speech-replay history`") }
  }

  func run() throws {
    let path = HistoryLocation.path(option: history) ?? HistoryLocation.defaultPath
    do {
      guard FileManager.default.fileExists(atPath: path) else {
        throw HistoryError("\(path): there is no history yet; record runs with `speech-replay run`, or name the database with --history PATH")
      }
      let store = try HistoryStore(path: path)
      guard let runID = try runID ?? store.latestRunID() else {
        throw HistoryError("\(path): no run is recorded; record one with `speech-replay run`")
      }
      let baselines = try baseline.map { id throws(HistoryError) in try store.results(ofRun: id) }
      let comparison = RunComparison(baseline: baselines, run: try store.results(ofRun: runID))
      if let html {
        let page = ComparisonPage(
          baselineID: baseline[0], baseline: baselines.first ?? [], runID: runID, run: try store.results(ofRun: runID), comparison: comparison)
        do {
          try Data(page.html().utf8).write(to: URL(fileURLWithPath: html), options: .atomic)
        } catch {
          throw HistoryError("\(html): cannot write the comparison page (\(error.localizedDescription)); check that its folder exists and is writable")
        }
      }
      print("comparing run \(runID) with baseline \(baseline.map(String.init).joined(separator: ", "))")
      print(comparison.rendered, terminator: "")
      if comparison.hasRegressions {
        print("regressions: \(comparison.changes.filter(\.isRegression).count)")
        throw ExitCode(Failure.exitCode)
      }
    } catch let error as HistoryError {
      Failure.printError(error)
      throw ExitCode(Failure.exitCode)
    }
  }
}
