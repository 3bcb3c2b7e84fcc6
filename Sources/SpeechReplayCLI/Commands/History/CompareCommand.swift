import ArgumentParser
import AudioPCM
import Foundation
import SpeechReplay

/// `speech-replay compare --baseline RUN [--run RUN]`: what changed between two recorded runs.
struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract: "Show what changed per scenario between a baseline run and a run (default: the latest).",
    discussion: """
      Status and trace-hash changes are listed; virtual-time figures are compared exactly; wall-clock figures count only \
      outside the noise band (see Documentation/History.md). Exit status 0 when nothing regressed, 1 when something \
      regressed, 2 when the history cannot be read (not a history, a newer schema, damaged), 64 when the history or a run \
      named does not exist.
      """)

  /// The exit status when the history cannot be read: not 1, which means "regressed".
  static let unreadableHistoryExitCode: Int32 = 2

  @Option(
    parsing: .unconditionalSingleValue,
    help: "The baseline run id; repeat it to give several baseline samples for the wall-clock noise band.")
  var baseline: [Int64] = []

  @Option(name: .customLong("run"), parsing: .unconditional, help: "The run to compare. Default: the latest run.")
  var runID: Int64?

  @OptionGroup var database: HistoryDatabaseOption
  /// `--history`.
  var history: String? { database.history }

  @Option(help: "Also write the two runs side by side, per scenario and figure, as an HTML page to this file.")
  var html: String?

  @Flag(
    help: "Write --html even to a name that looks like an audio, scenario or capture file (never onto the history).")
  var force = false

  func validate() throws {
    if baseline.isEmpty {
      throw ValidationError(
        "--baseline RUN is required; list the run ids with `\(CLIContext.current.commandName) history`")
    }
    let path = HistoryLocation.path(option: history) ?? HistoryLocation.defaultPath
    if !FileManager.default.fileExists(atPath: path) {
      throw ValidationError(
        "\(path): there is no history yet; record runs with `\(CLIContext.current.commandName) run`, or name the database with --history PATH"
      )
    }
    if let html {
      var outputs = OutputPaths()
      outputs.input(path, what: "the history database")
      try outputs.checkReport(html, option: "--html", force: force)
    }
  }

  func run() throws {
    let path = HistoryLocation.path(option: history) ?? HistoryLocation.defaultPath
    do {
      // Read-only: comparing never creates, migrates or touches the database.
      let store = try HistoryStore(readingAt: path)
      guard let runID = try runID ?? store.latestRunID() else {
        throw ValidationError("\(path): no run is recorded; record one with `\(CLIContext.current.commandName) run`")
      }
      // A run id that does not exist is a usage error (64), not a regression (1).
      for id in baseline + [runID] where try store.run(id: id) == nil {
        throw ValidationError(
          "\(path): there is no run \(id); list the runs with `\(CLIContext.current.commandName) history`")
      }
      let baselines = try baseline.map { id throws(HistoryError) in try store.results(ofRun: id) }
      let comparison = RunComparison(baseline: baselines, run: try store.results(ofRun: runID))
      if let html {
        let page = ComparisonPage(
          baselineID: baseline[0], baseline: baselines.first ?? [], runID: runID, run: try store.results(ofRun: runID),
          comparison: comparison)
        do {
          try FileReplacement.write(Data(page.html().utf8), to: html)
        } catch {
          Failure.printError(
            OrchestrationError(
              .unwritableReport, "\(html): cannot write the comparison page (\(Failure.line(for: error)))"))
          throw ExitCode(Failure.exitCode)
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
      throw ExitCode(Self.unreadableHistoryExitCode)
    }
  }
}
