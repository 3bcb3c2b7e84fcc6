import ArgumentParser
import AudioPCM
import Foundation
import SpeechReplay

/// `speech-replay report RUN --out DIR [--index-only]`: the HTML report of a run recorded in the history.
///
/// The history keeps each scenario's file, seed, status, times, trace hash and figures, not its
/// timeline or failure messages. So the index is written from what was recorded, and each scenario
/// page comes from re-running the recorded file with its recorded seed in a worker (as `run --html`
/// does); the page says whether the re-run's trace hash is the recorded one. `--index-only` skips
/// the re-runs.
struct ReportCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract:
      "Write the HTML report of a recorded run: the index from the history, scenario pages by re-running each file with its seed.",
    discussion: """
      Run it from the directory the run was made in (scenario files are recorded as they were named). A scenario whose \
      re-run gives another trace hash than the recorded one is noted on its page (the file or the code changed since).
      """)

  @Argument(help: "The run id (see `speech-replay history`).")
  var runID: Int64

  @Option(help: "The folder to write index.html and the scenario pages into.")
  var out: String

  @Flag(help: "Write only index.html from the history, without re-running scenarios.")
  var indexOnly = false

  @OptionGroup var database: HistoryDatabaseOption
  /// `--history`.
  var history: String? { database.history }

  @Option(
    parsing: .unconditional, help: "How many worker processes re-run scenarios at once. Default: the number of CPUs.")
  var jobs: Int?

  @OptionGroup var subject: SubjectOption

  @Option(help: ArgumentHelp("Start this executable as the worker.", visibility: .hidden))
  var worker: String?

  func validate() throws {
    _ = try subject.factory(command: "report")
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
  }

  func run() async throws {
    let path = HistoryLocation.path(option: history) ?? HistoryLocation.defaultPath
    var recorded: [ScenarioResult]
    var details: [String]
    do {
      // A missing history or run is a usage error (64), as for `compare`.
      guard FileManager.default.fileExists(atPath: path) else {
        throw ValidationError(
          "\(path): there is no history yet; record runs with `\(CLIContext.current.commandName) run`, or name the database with --history PATH"
        )
      }
      // Read-only: a report never creates, migrates or writes the history.
      let store = try HistoryStore(readingAt: path)
      guard let run = try store.run(id: runID) else {
        throw ValidationError(
          "\(path): there is no run \(runID); list the runs with `\(CLIContext.current.commandName) history`")
      }
      recorded = try store.results(ofRun: runID).map(Self.result)
      details = Self.details(of: run)
      // A run of several subjects holds each file once per subject: the report is one subject's.
      var subjects: [String] = []
      for name in recorded.compactMap(\.subject) where !subjects.contains(name) { subjects.append(name) }
      if !subjects.isEmpty {
        guard let name = subject.name, subjects.contains(name) else {
          throw ValidationError(
            "run \(runID) holds the results of \(subjects.count) subjects (\(subjects.joined(separator: ", "))); give --subject with one of them to write its report"
          )
        }
        recorded = recorded.filter { $0.subject == name }
        details.append("subject \(name) of \(subjects.joined(separator: ", "))")
      }
    } catch let error as HistoryError {
      Failure.printError(error)
      throw ExitCode(Failure.exitCode)
    }
    var outputs = OutputPaths()
    outputs.input(path, what: "the history database")
    outputs.inputs(recorded.map(\.file).filter { FileManager.default.fileExists(atPath: $0) }, what: "the scenario")
    try outputs.checkFolder(out, option: "--out", files: ["index.html"])
    let report = HTMLReport(folder: out, title: "speech-replay run \(runID)", details: details)
    do {
      if indexOnly {
        try report.writeIndex(recorded.map { RunIndexPage.Row(result: $0, page: nil) })
        return
      }
      let timelines = try TimelineFolder()
      defer { timelines.remove() }
      var command = WorkerCommand(executable: worker.map { URL(fileURLWithPath: $0) } ?? CLIContext.ownExecutable)
      command.extraArguments =
        ["--record", SnapshotRecordMode.never.rawValue] + (subject.name.map { ["--subject", $0] } ?? [])
        + timelines.workerArguments
      // A file that moved or was deleted since the run is not re-run (that would fail it for a
      // reason the run never had): its page shows the recorded result and says so.
      let present = recorded.filter { FileManager.default.fileExists(atPath: $0.file) }
      let rerunPresent = await Self.rerun(
        present, pool: WorkerPool(command: command, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount))
      var rerunByFile: [String: ScenarioResult] = [:]
      for result in rerunPresent { rerunByFile[result.file] = result }
      let rerun = recorded.map { rerunByFile[$0.file] ?? $0 }
      try report.write(
        results: rerun, indexResults: recorded, timeline: timelines.timeline(of:), audioLane: timelines.audioLane(of:)
      ) { result in
        guard let stored = recorded.first(where: { $0.file == result.file }) else { return [] }
        if rerunByFile[result.file] == nil {
          return [
            "\(stored.file) is no longer there (moved or deleted since run \(runID)), so it was not re-run: this page shows the recorded result "
              + "(\(stored.status.rawValue), trace \(stored.traceHash)) without its timeline. Run the report from the directory the run was made in."
          ]
        }
        let same = stored.traceHash == result.traceHash
        return [
          "Re-run of run \(runID) with the recorded seed \(stored.seed): recorded \(stored.status.rawValue), trace \(stored.traceHash); "
            + (same
              ? "the re-run's trace is the same."
              : "the re-run's trace \(result.traceHash) differs (the file or the code changed since).")
        ]
      }
    } catch let error as OrchestrationError {
      Failure.printError(error)
      throw ExitCode(Failure.exitCode)
    } catch {
      Failure.printError(
        OrchestrationError(
          .unwritableReport,
          "\(out): cannot write the HTML report (\(FileProblem.describe(error, path: out))); check that the folder is writable"
        ))
      throw ExitCode(Failure.exitCode)
    }
    Failure.printNote("wrote the report of run \(runID) to \(out)/index.html")
  }

  /// Re-runs every recorded scenario with its recorded seed (the pool takes one seed per call, so
  /// scenarios are grouped by seed); results in the recorded order.
  static func rerun(_ recorded: [ScenarioResult], pool: WorkerPool) async -> [ScenarioResult] {
    var results = [ScenarioResult?](repeating: nil, count: recorded.count)
    let seeds = recorded.map(\.seed).reduce(into: [UInt64]()) { if !$0.contains($1) { $0.append($1) } }
    for seed in seeds {
      let indices = recorded.indices.filter { recorded[$0].seed == seed }
      let planned = indices.map { PlannedScenario(file: recorded[$0].file, name: recorded[$0].name) }
      for (index, result) in zip(indices, await pool.run(planned, seed: seed)) { results[index] = result }
    }
    return results.enumerated().map { $0.element ?? recorded[$0.offset] }
  }

  /// A recorded result as a result (no failure messages: the history does not keep them).
  static func result(_ recorded: HistoryResult) -> ScenarioResult {
    ScenarioResult(
      name: recorded.name, file: recorded.file, status: recorded.status, seed: recorded.seed,
      wallSeconds: recorded.wallSeconds,
      virtualSeconds: recorded.virtualSeconds, traceHash: recorded.traceHash,
      figures: Figures(
        recorded.figures.filter { $0.key != "wallSeconds" }.map { name, figure in
          SpeechReplay.Figure(name, figure.value, unit: .count, clock: figure.kind)
        }), subject: recorded.subject)
  }

  /// The index's lines about the run.
  static func details(of run: HistoryRun) -> [String] {
    let metadata = run.metadata
    return [
      "started \(ISO8601DateFormatter().string(from: metadata.startedAt)), commit \(metadata.gitCommit.map { String($0.prefix(12)) } ?? "no-commit"), "
        + (metadata.label.map { $0 == metadata.gitCommit.map { String($0.prefix(12)) } ? "" : "label \($0), " } ?? "")
        + "timing \(metadata.mode), shard \(metadata.shard ?? "all"), "
        + (metadata.seed.map { "seed \($0)" } ?? "seed each scenario's own")
        + ", host \(metadata.host)"
    ]
  }
}
