import ArgumentParser
import AudioPCM
import Foundation
import SpeechReplay

/// `speech-replay compare [--baseline RUN|last|last-labelled …] [--run RUN]`: what changed between two recorded runs.
struct CompareCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "compare",
    abstract:
      "Show what changed per scenario between a baseline run (default: the last labelled run over the same files) and a run (default: the latest).",
    discussion: """
      Regressions first, largest first, then improvements, then other changes. A virtual-time figure regresses when it \
      gets worse by more than its tolerance (latencies: 20 ms, or 5 % when that is more than 2 ms; --tolerance changes \
      it); a wall-clock figure when it gets worse outside the noise band of the baseline runs; a scenario when it stops \
      passing or vanishes from the files the run covered (see Documentation/History.md). Exit status 0 when nothing \
      regressed, 1 when something regressed, 2 when the history cannot be read (not a history, a newer schema, damaged), 64 when the history or a run \
      named does not exist.
      """)

  /// The exit status when the history cannot be read: not 1, which means "regressed".
  static let unreadableHistoryExitCode: Int32 = 2

  @Option(
    parsing: .unconditionalSingleValue,
    help: ArgumentHelp(
      "The baseline: a run id, `last` (the newest earlier run over the same files) or `last-labelled` (the newest such run given `run --label`); repeat run ids to give the wall-clock noise band several samples. Default: the last labelled run over the same files, else the last run over them (said so).",
      valueName: "RUN"))
  var baseline: [String] = []

  @Option(name: .customLong("run"), parsing: .unconditional, help: "The run to compare. Default: the latest run.")
  var runID: Int64?

  @OptionGroup var database: HistoryDatabaseOption
  /// `--history`.
  var history: String? { database.history }

  @Option(
    name: .customLong("tolerance"),
    help: ArgumentHelp(
      "Another tolerance for a figure, in every scenario or one: latency.final.p50=100ms, 'latency.*=10%', hello.yaml:audio.lostSeconds=off; repeatable.",
      valueName: "[SCENARIO:]FIGURE=TOLERANCE"))
  var tolerances: [String] = []

  @Option(help: "Also write the two runs side by side, per scenario and figure, as an HTML page to this file.")
  var html: String?

  @Flag(
    help: "Write --html even to a name that looks like an audio, scenario or capture file (never onto the history).")
  var force = false

  func validate() throws {
    for text in baseline {
      do { _ = try BaselineChoice(parsing: text) } catch { throw ValidationError(error.message) }
    }
    let path = HistoryLocation.path(option: history) ?? HistoryLocation.defaultPath
    if !FileManager.default.fileExists(atPath: path) {
      throw ValidationError(
        "\(path): there is no history yet; record runs with `\(CLIContext.current.commandName) run`, or name the database with --history PATH"
      )
    }
    for text in tolerances {
      do { _ = try ToleranceOverride(parsing: text) } catch { throw ValidationError(error.message) }
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
      let choices = try baseline.isEmpty ? [.automatic] : baseline.map(BaselineChoice.init(parsing:))
      for case .run(let id) in choices + [.run(runID)] where try store.run(id: id) == nil {
        throw ValidationError(
          "\(path): there is no run \(id); list the runs with `\(CLIContext.current.commandName) history`")
      }
      guard let compared = try store.run(id: runID) else { throw ValidationError("\(path): there is no run \(runID)") }
      var baseline: [Int64] = []
      var window: [Int64] = []
      for choice in choices {
        let (id, earlier, note) = try choice.resolve(in: store, for: compared)
        if let note { Failure.printNote(note) }
        baseline.append(id)
        window += earlier
      }
      // A chosen baseline brings the runs before it as more samples of the wall-clock noise band.
      baseline += window.filter { !baseline.contains($0) }
      let baselines = try baseline.map { id throws(HistoryError) in try store.results(ofRun: id) }
      let overrides = try tolerances.map { text throws(HistoryError) in try ToleranceOverride(parsing: text) }
      let comparison = RunComparison(
        baseline: baselines, run: try store.results(ofRun: runID), tolerances: overrides,
        covers: compared.metadata.covers)
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
      let shown = try ([runID] + baseline).map { id throws(HistoryError) in try Self.described(store.run(id: id)) }
      let band =
        baseline.count > 1
        ? " (wall-clock noise band over runs \(baseline.map(String.init).joined(separator: ", ")))" : ""
      print("comparing run \(shown[0]) with baseline \(shown[1])\(band)")
      // Names and files come from the history: their control characters reach the terminal visible.
      print(ConsoleText.visible(comparison.rendered, limit: .max), terminator: "")
      if comparison.hasRegressions {
        print("regressions: \(comparison.regressions.count) (run \(shown[0]) against \(shown[1]))")
        throw ExitCode(Failure.exitCode)
      }
    } catch let error as HistoryError {
      Failure.printError(error)
      throw ExitCode(Self.unreadableHistoryExitCode)
    }
  }

  /// `7 [nightly-3, commit 1a2b3c4d5e6f]`: a run's id with its label and commit.
  static func described(_ run: HistoryRun?) -> String {
    guard let run else { return "?" }
    let commit = run.metadata.gitCommit.map { "commit \($0.prefix(12))" } ?? "no commit"
    let label = run.metadata.label.flatMap { $0 == run.metadata.gitCommit.map { String($0.prefix(12)) } ? nil : $0 }
    return "\(run.id) [" + (label.map { "\($0), " } ?? "") + commit + "]"
  }
}
