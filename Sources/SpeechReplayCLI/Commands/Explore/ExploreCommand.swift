import ArgumentParser
import AudioPCM
import Foundation
import SpeechReplay
import Synchronization

/// `speech-replay explore SCENARIO…`: runs seeded perturbations of scenarios in worker processes,
/// checks the invariants of every run, and shrinks each new failure to a reproducer file.
struct ExploreCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explore",
    abstract:
      "Run seeded perturbations of scenarios, check every run's invariants, and shrink each failure to a scenario file that reproduces it.",
    discussion: """
      Each run switches on a random subset of perturbation kinds (microphone format and taps, route changes, interruptions, \
      network flips, downloads, permission, model latency, stalls and errors, result boundaries, a slow model, extra taps) \
      and checks the invariants and the expectations the scenario keeps under `explore: { keep: [...] }`. \
      A failure is shrunk (fewer perturbations, simpler values, fewer and shorter steps) and written to --out as an \
      ordinary scenario file that fails on its own. Failing runs are grouped into findings by check and cause (what \
      the shrunk reproducer needs): one reproducer per finding, with the count and the runs it stands for, and the \
      other checks the same cause broke. The same seed gives the same runs and the same reproducers. \
      Runs go to worker processes, so a crash fails one run and the exploration goes on. \
      The exit status is 0 when no run failed, 1 when some did, 64 for bad arguments. See Documentation/Explore.md.
      """)

  @Argument(help: "Scenario files to perturb (run r perturbs file r mod count).")
  var paths: [String]

  // `.unconditional` on numbers: `--runs -5` is a bad value to explain, not a missing value followed by a flag.
  @Option(parsing: .unconditional, help: "How many runs in all (before sharding).")
  var runs = 200

  @Option(help: "The exploration's seed: the same seed gives the same runs.")
  var seed: UInt64 = 1

  @Option(help: "Stop starting runs after this much wall-clock time (30s, 10m); the runs done so far are reported.")
  var timeLimit: String?

  @Option(help: "Where reproducer files are written.")
  var out = ".build/speech-replay-explore"

  @Option(
    help:
      "Also write the report as JSON to this file: the figures and the findings by check and cause, with their runs and reproducers."
  )
  var json: String?

  @Option(parsing: .unconditional, help: "How many worker processes run at once. Default: the number of CPUs.")
  var jobs: Int?

  @Option(help: "Run one part of the runs: INDEX/COUNT (1-based); the shards' runs together are the runs of --runs.")
  var shard: String?

  @Option(parsing: .unconditional, help: "The most runs shrinking one failure may take.")
  var shrinkBudget = 300

  @Flag(
    help: ArgumentHelp(
      "Run in this process instead of workers (no crash isolation; for measuring the harness).", visibility: .hidden))
  var inProcess = false

  @Flag(
    help:
      "Start a worker process for every run instead of reusing each worker for many (slower; nothing process-wide can carry over from one run to the next)."
  )
  var freshWorkers = false

  @OptionGroup var subject: SubjectOption

  @Option(
    help: ArgumentHelp("Start this executable as the worker (it must answer `run-scenario FILE`).", visibility: .hidden)
  )
  var worker: String?

  func validate() throws {
    _ = try subject.factory(command: "explore")
    if paths.isEmpty { throw ValidationError("name at least one scenario file to explore") }
    if runs < 1 { throw ValidationError("--runs must be at least 1 (got \(runs))") }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
    if shrinkBudget < 0 { throw ValidationError("--shrink-budget must be 0 or more (got \(shrinkBudget))") }
    if let timeLimit, DurationText.parse(timeLimit) == nil {
      throw ValidationError("--time-limit '\(timeLimit)' is not a duration; write 30s, 10m or 1h")
    }
    for path in paths { try PathCheck.checkReadable(path, what: "the scenario") }
    // Found before the exploration, not after it: a reproducer must never be lost to an unwritable --out.
    var outputs = OutputPaths()
    outputs.inputs(paths, what: "the scenario")
    try outputs.checkFolder(out, option: "--out")
    if let json { try outputs.checkReport(json, option: "--json") }
    if let shard {
      do { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.message) }
    }
  }

  func run() async throws {
    var documents: [ScenarioDocument] = []
    for path in paths {
      do {
        documents.append(try ScenarioDocument(fileAt: path))
      } catch {
        Failure.printError(error)
        throw ExitCode.validationFailure
      }
    }
    let jobs = inProcess ? 1 : (jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    var explorer = Explorer(runs: runs, seed: seed)
    explorer.timeLimit = timeLimit.flatMap(DurationText.parse)
    if let shard, let parsed = try? Shard(parsing: shard) {
      explorer.shard = parsed.index
      explorer.shardCount = parsed.count
    }
    explorer.batchSize = jobs
    // Four runs per worker per batch: a worker that finished early takes the next run instead of
    // waiting for the batch's slowest.
    explorer.runBatchSize = inProcess ? 1 : jobs * 4
    explorer.shrinkBudget = shrinkBudget
    let line = ProgressLine(isTerminal: isatty(STDERR_FILENO) == 1)
    explorer.progress = { line.show($0) }
    let interruption = ExploreInterruption()
    explorer.isInterrupted = { interruption.signal != nil }
    // Each finding is written as soon as it is shrunk: a reproducer outlives even a SIGKILL.
    let foundSoFar = Mutex<[ExplorationFinding]>([])
    let execute: Explorer.Execute
    var workers: ExplorationWorkers?
    if inProcess {
      execute = Explorer.inProcess(subject: try subject.factory())
    } else {
      workers = try ExplorationWorkers(command: workerCommand(), jobs: jobs, reuse: !freshWorkers)
      execute = workers!.execute
      explorer.overlapsBatches = workers!.canOverlapBatches
    }
    let writer = reproducerWriter(temporaryFolder: workers?.folder.path)
    explorer.found = { finding in
      let findings = foundSoFar.withLock { found in
        found.append(finding)
        return found
      }
      _ = writer.write(findings)
    }
    let signalSources = interruption.catchSignals(temporaryFolder: workers?.folder)
    defer { signalSources.forEach { $0.cancel() } }
    let report = await explorer.explore(documents, execute: execute)
    line.finish()
    // The workers close and their temporary files go when the command ends, after the report is
    // written: a finding's message that names one of them (a crash's `run-scenario` command) is
    // rewritten to name its reproducer under --out.
    defer { workers?.finish() }
    try write(report, temporaryFolder: workers?.folder.path)
    if let signal = interruption.signal { throw ExitCode(128 + signal) }
    if !report.findings.isEmpty || report.failingRuns > 0 { throw ExitCode(Failure.exitCode) }
  }

  /// Writes the reproducers and prints the summary.
  /// - Parameters:
  ///   - report: The exploration's report.
  ///   - temporaryFolder: The workers' folder of perturbed scenarios, whose files are deleted when
  ///     explore ends: a path into it in a finding's message becomes the finding's reproducer.
  private func write(_ report: ExplorationReport, temporaryFolder: String?) throws {
    let writer = reproducerWriter(temporaryFolder: temporaryFolder)
    var text = writer.write(report.findings)
    if let json {
      let files = writer.fileNames(report.findings).map { (out as NSString).appendingPathComponent($0) }
      do {
        try FileReplacement.write(ExploreJSONReport(report, seed: seed, reproducers: files).data(), to: json)
      } catch {
        Failure.printError(
          OrchestrationError(.unwritableReport, "\(json): cannot write the JSON report (\(Failure.line(for: error)))"))
      }
    }
    let rate = report.wallSeconds > 0 ? Double(report.runs + report.shrinkRuns) / report.wallSeconds : 0
    text +=
      "explored \(report.runs) runs (seed \(seed)\(report.invalidRuns > 0 ? ", \(report.invalidRuns) perturbed scenarios did not load" : "")"
    text += "\(report.stoppedByTimeLimit ? ", stopped by --time-limit" : "")"
    text +=
      "\(report.stoppedByInterruption ? ", interrupted: the findings so far are kept, shrunk as far as they got" : ""))"
    text += String(
      format: " and %d shrinking runs in %.1f s (%.1f runs/s): ", report.shrinkRuns, report.wallSeconds, rate)
    text +=
      "\(report.failingRuns) failing run\(report.failingRuns == 1 ? "" : "s"), \(report.findings.count) distinct failure\(report.findings.count == 1 ? "" : "s")"
    text += Self.grouping(of: report) + "\n"
    StandardStream.output.write(text)
  }

  /// How the summary's findings are grouped: ` (findings by check and cause: 3 over 2 checks)`, and
  /// the failing runs of checks whose shrinks were spent that no finding covers; empty without findings.
  static func grouping(of report: ExplorationReport) -> String {
    guard !report.findings.isEmpty || !report.ungroupedRuns.isEmpty else { return "" }
    let checks = Set(report.findings.map(\.failure.check)).count
    var text = " (findings by check and cause: \(report.findings.count) over \(checks) check\(checks == 1 ? "" : "s"))"
    for (check, runs) in report.ungroupedRuns.sorted(by: { $0.key < $1.key }) {
      text +=
        "; \(runs) failing run\(runs == 1 ? "" : "s") of \(check) matched no finding's cause after \(report.shrinksByCheck[check] ?? 0) shrinks of that check and \(runs == 1 ? "was" : "were") counted, not shrunk"
    }
    return text
  }

  /// What writes this exploration's reproducers.
  private func reproducerWriter(temporaryFolder: String?) -> ReproducerWriter {
    let subjectName = (try? subject.factory(command: "explore"))?.name
    return ReproducerWriter(
      out: out, explored: paths, foundBy: exploreCommandLine(), runCommand: [CLIContext.current.commandName, "run"],
      runOptions: subjectName.map { ["--subject", $0] } ?? [], temporaryFolder: temporaryFolder)
  }

  /// The command that ran this exploration, complete: the executable, every explored file, the
  /// seed, the runs, the shard and the subject, for a reproducer's header.
  private func exploreCommandLine() -> String {
    var words = [CLIContext.current.commandName, "explore"] + paths + ["--seed", String(seed), "--runs", String(runs)]
    if let shard { words += ["--shard", shard] }
    if let timeLimit { words += ["--time-limit", timeLimit] }
    if let name = (try? subject.factory(command: "explore"))?.name { words += ["--subject", name] }
    words += ["--out", out]
    return words.map(Self.shellQuoted).joined(separator: " ")
  }

  /// A word as a shell reads it back: as it is when it holds only safe characters, else in single quotes.
  static func shellQuoted(_ word: String) -> String {
    let safe = word.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_-./:=,+@%".contains($0)) }
    if safe && !word.isEmpty { return word }
    return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
  }

  /// `text` with every path of a perturbed scenario in the workers' temporary `folder` replaced.
  static func replacingTemporaryFiles(in text: String, folder: String, with replacement: String) -> String {
    let pattern = NSRegularExpression.escapedPattern(for: folder) + "/run-[0-9]+\\.yaml"
    guard let expression = try? NSRegularExpression(pattern: pattern) else { return text }
    return expression.stringByReplacingMatches(
      in: text, range: NSRange(text.startIndex..., in: text),
      withTemplate: NSRegularExpression.escapedTemplate(for: replacement))
  }

  /// The worker: this executable (or `--worker`), golden files never written.
  private func workerCommand() throws -> WorkerCommand {
    var command = WorkerCommand(executable: worker.map { URL(fileURLWithPath: $0) } ?? CLIContext.ownExecutable)
    command.extraArguments = [
      "--record", "never", "--simulation-time-limit", DurationText.text(Explorer.simulationTimeLimit),
    ]
    if let name = subject.name { command.extraArguments += ["--subject", name] }
    return command
  }
}
