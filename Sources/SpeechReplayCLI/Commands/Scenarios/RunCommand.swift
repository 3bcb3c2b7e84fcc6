import ArgumentParser
import AudioPCM
import Foundation
import SpeechReplay
import SpeechReplayCapture

/// `speech-replay run [PATH...]`: runs scenario files in worker processes and reports them.
struct RunCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "run",
    abstract:
      "Run scenario files (or folders of them) against a subject (by default the first this executable offers).",
    discussion: """
      Each scenario runs in its own worker process, so a crash or trap fails that scenario and the others go on. \
      On a terminal a progress line updates in place; otherwise one line per scenario is printed in suite order. \
      The last line is the summary. A worker that runs past --timeout is killed and its scenario reported as timed out. \
      On SIGINT (Ctrl-C) or SIGTERM the workers are killed, the reports are written for what finished, and the exit status is 130 or 143. \
      Otherwise the exit status is 0 when nothing failed, crashed or timed out, 1 otherwise, 64 for bad arguments.
      """)

  /// The default `--timeout`, in seconds: far above any bundled scenario, well below a CI job's limit.
  static let defaultTimeout = 300.0

  @Argument(help: "Scenario files or folders (searched recursively for *.yaml and *.yml). Default: Scenarios.")
  var paths: [String] = []

  @Option(help: "Run only scenarios whose name or path matches this regular expression.")
  var filter: String?

  // `.unconditional` on numbers: `--jobs -5` is a bad value to explain, not a missing value followed by a flag.
  @Option(
    parsing: .unconditional,
    help: "Use this seed (0 to 18446744073709551615) for every scenario instead of each scenario's own.")
  var seed: UInt64?

  @Option(
    parsing: .unconditional, help: "How many worker processes run at once, at least 1. Default: the number of CPUs.")
  var jobs: Int?

  @Option(
    parsing: .unconditional,
    help:
      "Wall-clock seconds one scenario's worker may take before it is killed and the scenario reported as timed out; 0 for no limit. Default: 300."
  )
  var timeout: Double = RunCommand.defaultTimeout

  @Option(
    help:
      "The most virtual time a scenario's steps may add up to (such as 3h or 90m) unless its own `limits:` allow more. Default: 2h."
  )
  var maxVirtualTime: String?

  @Option(
    help:
      "Run one part of the suite: INDEX/COUNT (1-based), for example 2/4. The parts of all shards cover every scenario once."
  )
  var shard: String?

  @Option(help: "Write a JUnit XML report to this file.")
  var junit: String?

  @Option(help: "Write a JSON report to this file.")
  var json: String?

  @Option(
    help:
      "Write an HTML report into this folder: index.html and one timeline page per scenario (see Documentation/Reports.md)."
  )
  var html: String?

  @Option(
    help:
      "Write each scenario's timeline as a Perfetto / chrome://tracing trace (Trace Event Format JSON) into this folder: DIR/<file>.trace.json (see Documentation/Reports.md)."
  )
  var perfetto: String?

  @Option(
    help:
      "When golden snapshot files are written: never (default, CI), missing, failed or all. Overrides SPEECH_REPLAY_RECORD."
  )
  var record: String?

  @Flag(help: "Fail a scenario whose golden snapshot folder holds files no snapshot uses (otherwise a warning).")
  var failOnObsolete = false

  @Flag(
    help:
      "Run each scenario twice, in two worker processes, and fail it when the two traces differ (naming the first divergent event)."
  )
  var checkDeterminism = false

  @Option(
    help:
      "Record every scenario run as a capture (DIR/NAME.speechcapture), the recorder on the twins; `capture import` turns one back into a scenario."
  )
  var capture: String?

  @Option(
    help:
      "Record the run in this history database. Default: $SPEECH_REPLAY_HISTORY, else .speech-replay/history.sqlite.")
  var history: String?

  @Option(
    help:
      "Record the run in the history under this label (a version, a branch); the trend page names runs by it. Default: the git commit's first 12 digits, when there is one."
  )
  var label: String?

  @Flag(help: "Do not record the run in the history.")
  var noHistory = false

  @Flag(
    help:
      "Write --junit/--json even to a name that looks like an audio, scenario or capture file, and let --capture replace captures it did not record (never a file the run reads)."
  )
  var force = false

  @OptionGroup var subject: SubjectOption

  @Option(
    help: ArgumentHelp(
      "Start this executable as the worker (it must answer `run-scenario FILE [--seed N]`).", visibility: .hidden))
  var worker: String?

  func validate() throws {
    do { _ = try SnapshotRecordMode.resolve(flag: record) } catch { throw ValidationError(error.message) }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
    if !(timeout.isFinite && timeout >= 0) {
      throw ValidationError("--timeout must be a number of seconds, 0 or more (got \(timeout))")
    }
    if let maxVirtualTime, DurationText.parse(maxVirtualTime) == nil {
      throw ValidationError("--max-virtual-time must be a duration such as 90m, 3h or 7200s (got '\(maxVirtualTime)')")
    }
    if let junit { try PathCheck.checkWritable(junit, option: "--junit") }
    if let json { try PathCheck.checkWritable(json, option: "--json") }
    if let shard {
      do { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.message) }
    }
    if let filter {
      do { _ = try ScenarioFilter(pattern: filter) } catch { throw ValidationError(error.message) }
    }
  }

  func run() async throws {
    let plan: SuitePlan
    do {
      plan = try SuitePlan(
        paths: paths.isEmpty ? ["Scenarios"] : paths, filter: try filter.map { try ScenarioFilter(pattern: $0) },
        shard: try shard.map { try Shard(parsing: $0) }, engine: try subject.engine())
    } catch let error as OrchestrationError {
      Failure.printError(error)
      throw ExitCode.validationFailure
    }
    // Every output checked against every input before the first worker starts.
    var outputs = OutputPaths()
    outputs.inputs(plan.scenarios.map(\.file), what: "the scenario")
    if let path = HistoryLocation.path(option: history, disabled: noHistory) {
      outputs.input(path, what: "the history database")
    }
    if let junit { try outputs.checkReport(junit, option: "--junit", force: force) }
    if let json { try outputs.checkReport(json, option: "--json", force: force) }
    if let html { try outputs.checkFolder(html, option: "--html", files: ["index.html"]) }
    var captureNames: [String: String] = [:]
    if let capture {
      captureNames = Self.captureNames(plan.scenarios.map(\.file))
      try outputs.checkFolder(capture, option: "--capture", files: captureNames.values.map { "\($0).speechcapture" })
      // A run replaces the captures of an earlier run, never a capture from a device (evidence).
      for name in captureNames.values.sorted() {
        let path = (capture as NSString).appendingPathComponent("\(name).speechcapture")
        guard FileManager.default.fileExists(atPath: path), !force else { continue }
        let header = (try? CaptureFile(url: URL(fileURLWithPath: path)))?.header
        if header?.osVersion != sessionCaptureOSVersion {
          let what =
            header.map { "a capture from \($0.deviceModel) (\($0.osVersion))" }
            ?? "a file that is not a capture a run recorded"
          throw ValidationError(
            "--capture \(path) is \(what), which this run would replace; move it, choose another --capture folder, or give --force"
          )
        }
      }
    }
    // Workers inherit the environment: `--capture` reaches them through it.
    if let capture {
      // Created here, once, before the first worker (a worker that cannot write its capture fails its scenario).
      var isFolder: ObjCBool = false
      do {
        if FileManager.default.fileExists(atPath: capture, isDirectory: &isFolder), !isFolder.boolValue {
          throw ValidationError("--capture \(capture) is a file; name a folder")
        }
        try FileManager.default.createDirectory(atPath: capture, withIntermediateDirectories: true)
      } catch let error as ValidationError {
        throw error
      } catch {
        throw ValidationError(
          "--capture \(capture): cannot create the folder (\(FileProblem.describe(error, path: capture)))")
      }
      setenv(sessionCaptureFolderVariable, URL(fileURLWithPath: capture).standardizedFileURL.path, 1)
    }
    // Opened before the first worker starts: a history that cannot be written (or is not ours) stops
    // the run at once, not after it.
    let historyStore: HistoryStore?
    do {
      historyStore = try HistoryLocation.path(option: history, disabled: noHistory).map { try HistoryStore(path: $0) }
    } catch {
      Failure.printError(error)
      throw ExitCode.validationFailure
    }
    let startedAt = Date()
    var command = try workerCommand()
    command.fileArguments = captureNames.mapValues { ["--capture-name", $0] }
    // `--html`, `--perfetto`: every worker also writes its timeline as JSON into a temporary folder; the pages are
    // rendered here from those files, the results and the scenario files.
    var timelines: TimelineFolder?
    if html != nil || perfetto != nil {
      do { timelines = try TimelineFolder() } catch {
        Failure.printError(error)
        throw ExitCode(Failure.exitCode)
      }
      command.extraArguments += timelines!.workerArguments
    }
    defer { timelines?.remove() }
    let jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
    let timeout: Duration? = self.timeout > 0 ? .milliseconds(Int64((self.timeout * 1000).rounded())) : nil
    // Ctrl-C and a CI job's cancel kill the workers too, and the reports are still written.
    let processes = WorkerProcesses()
    let signalSources = processes.handleSignals([SIGINT, SIGTERM]) { signal in
      Failure.printNote(
        "\(WorkerProcesses.name(of: signal)): killed the running workers; writing the reports of what finished")
    }
    defer { withExtendedLifetime(signalSources) {} }
    let pool = WorkerPool(command: command, jobs: jobs, timeout: timeout, processes: processes)
    let console = ConsoleReporter(style: isatty(STDOUT_FILENO) == 1 ? .progress : .plain, scenarios: plan.scenarios) {
      text in
      FileHandle.standardOutput.write(Data(text.utf8))
    }
    if let shard, plan.scenarios.isEmpty {
      Failure.printNote("shard \(shard) holds none of the \(plan.discoveredCount) scenarios")
    }
    let order = startOrder(plan)
    let results =
      checkDeterminism
      ? await DeterminismRun(command: command, jobs: jobs, timeout: timeout, processes: processes).run(
        plan.scenarios, seed: seed, order: order, started: console.started, finished: console.finished)
      : await pool.run(plan.scenarios, seed: seed, order: order, started: console.started, finished: console.finished)
    let summary = RunSummary(results: results)
    var reportFailed = false
    if let junit {
      var properties: [(String, String)] = []
      if let shard { properties.append(("shard", shard)) }
      if let seed { properties.append(("seed", String(seed))) }
      reportFailed =
        !write(Data(JUnitReport(results: results, runProperties: properties).xml().utf8), to: junit) || reportFailed
    }
    if let json {
      do {
        reportFailed = !write(try JSONReport(results: results).encoded(), to: json) || reportFailed
      } catch {
        Failure.printError(error, path: json)
        reportFailed = true
      }
    }
    if let html, let timelines {
      do {
        var report = HTMLReport(folder: html, title: "speech-replay run", details: runDetails(startedAt: startedAt))
        report.seedOverride = seed
        try report.write(results: results, timeline: timelines.timeline(of:), audioLane: timelines.audioLane(of:))
      } catch {
        Failure.printError(
          OrchestrationError(
            .unwritableReport,
            "\(html): cannot write the HTML report (\(FileProblem.describe(error, path: html))); check that the folder is writable"
          ))
        reportFailed = true
      }
    }
    if let perfetto, let timelines {
      do {
        try PerfettoTrace.write(
          results: results, into: perfetto, timeline: timelines.timeline(of:),
          mainActorJobs: timelines.mainActorJobs(of:))
      } catch {
        Failure.printError(
          OrchestrationError(
            .unwritableReport,
            "\(perfetto): cannot write the traces (\(error.localizedDescription)); check that the folder is writable"))
        reportFailed = true
      }
    }
    if let signal = processes.receivedSignal {
      // An interrupted run is not a sample of the suite: it stays out of the history.
      console.finish(summary)
      Failure.printNote("interrupted by \(WorkerProcesses.name(of: signal)); the run is not recorded in the history")
      throw ExitCode(128 + signal)
    }
    reportFailed = !recordHistory(results, in: historyStore, startedAt: startedAt) || reportFailed
    console.finish(summary)
    if !summary.succeeded || reportFailed { throw ExitCode(Failure.exitCode) }
  }

  /// Each scenario's capture name for `--capture`: the file's name without extension, or, when
  /// another scenario of the run has the same file name (`a/s.yaml`, `b/s.yaml`), its path
  /// relative to the working directory with every other character than letters, digits, `-` and
  /// `.` as `_` (`a_s`, `b_s`), as the HTML pages are named; `-2`, `-3`… if that still collides.
  static func captureNames(_ files: [String]) -> [String: String] {
    let base = { (file: String) in SuitePlan.fallbackName(for: file) }
    var counts: [String: Int] = [:]
    for file in files { counts[base(file), default: 0] += 1 }
    var names: [String: String] = [:]
    var used = Set<String>()
    for file in files where names[file] == nil {
      var name = base(file)
      if counts[name, default: 0] > 1 {
        let page = HTMLReport.pageName(for: file, avoiding: [])
        name = String(page.dropLast(".html".count))
        if name.lowercased().hasSuffix(".yaml") {
          name.removeLast(5)
        } else if name.lowercased().hasSuffix(".yml") {
          name.removeLast(4)
        }
      }
      var unique = name
      var suffix = 2
      while used.contains(unique.lowercased()) {
        unique = "\(name)-\(suffix)"
        suffix += 1
      }
      used.insert(unique.lowercased())
      names[file] = unique
    }
    return names
  }

  /// Longest first by the history's last wall times when a history database exists (and history
  /// is not turned off), so the suite's slowest scenario does not start last; suite order (nil)
  /// otherwise, or when the history cannot be read (recording it reports that later).
  private func startOrder(_ plan: SuitePlan) -> [Int]? {
    guard let path = HistoryLocation.path(option: history, disabled: noHistory),
      FileManager.default.fileExists(atPath: path),
      let times = try? HistoryStore(path: path).lastWallSeconds()
    else { return nil }
    return plan.startOrder(lastWallSeconds: times)
  }

  /// The index's lines about the run: when, on which commit (and label), with which seed, subject,
  /// timing mode, shard and host.
  private func runDetails(startedAt: Date) -> [String] {
    let commit = GitCommit.current()
    var line =
      "started \(ISO8601DateFormatter().string(from: startedAt)), commit \(commit.map { String($0.prefix(12)) } ?? "none (not a git checkout)")"
    if let label = RunMetadata.label(given: label, commit: commit), label != commit.map({ String($0.prefix(12)) }) {
      line += ", label \(label)"
    }
    line += ", seed " + (seed.map { "\($0) for every scenario" } ?? "each scenario's own")
    line += ", subject \((try? subject.factory().name) ?? subject.name ?? "default")"
    line += ", shard \(shard ?? "all"), host \(ProcessInfo.processInfo.hostName)"
    return [line]
  }

  /// Records the run in the history database unless `--no-history`; false when that failed.
  private func recordHistory(_ results: [ScenarioResult], in store: HistoryStore?, startedAt: Date) -> Bool {
    guard let store else { return true }
    let path = store.path
    do {
      let commit = GitCommit.current()
      let metadata = RunMetadata(
        startedAt: startedAt, gitCommit: commit, seed: seed, mode: RunMetadata.timingMode(of: results), shard: shard,
        label: RunMetadata.label(given: label, commit: commit))
      let id = try store.record(metadata, results: results)
      Failure.printNote("recorded run \(id) in \(path)")
      return true
    } catch {
      Failure.printError(error)
      return false
    }
  }

  private func write(_ data: Data, to path: String) -> Bool {
    do {
      try FileReplacement.write(data, to: path)
      return true
    } catch {
      Failure.printError(OrchestrationError(.unwritableReport, "cannot write the report: \(Failure.line(for: error))"))
      return false
    }
  }

  /// The worker: this executable (or `--worker`) with the subject and the golden-file flags passed
  /// explicitly, so a worker needs nothing from the parent's environment.
  func workerCommand() throws -> WorkerCommand {
    var command = WorkerCommand(executable: worker.map { URL(fileURLWithPath: $0) } ?? CLIContext.ownExecutable)
    command.extraArguments = ["--record", try SnapshotRecordMode.resolve(flag: record).rawValue]
    if let name = subject.name { command.extraArguments += ["--subject", name] }
    if failOnObsolete { command.extraArguments.append("--fail-on-obsolete") }
    if let maxVirtualTime { command.extraArguments += ["--max-virtual-time", maxVirtualTime] }
    return command
  }
}
