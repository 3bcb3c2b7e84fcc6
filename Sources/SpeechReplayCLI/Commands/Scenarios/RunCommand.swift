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

  @Option(
    help:
      "Leave out scenarios whose name or path matches this regular expression (after --filter). Repeat it to leave out more."
  )
  var exclude: [String] = []

  // `.unconditional` on numbers: `--jobs -5` is a bad value to explain, not a missing value followed by a flag.
  @Option(
    parsing: .unconditional,
    help: "Use this seed (0 to 18446744073709551615) for every scenario instead of each scenario's own.")
  var seed: UInt64?

  @Option(
    parsing: .unconditional,
    help:
      "Run every scenario under the seeded schedule with this seed (the order of jobs ready together, of timers due together, late wake-ups) instead of each scenario's own `schedule:`."
  )
  var scheduleSeed: UInt64?

  @Option(
    parsing: .unconditional,
    help:
      "Run every scenario under the seeded schedules 1 to N, one pass each (a scenario's `schedule: fifo` keeps the default order). CI sweeps the suite this way."
  )
  var schedules: Int?

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

  @OptionGroup var reports: ReportOptions

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

  @OptionGroup var historyOptions: HistoryRecordingOptions

  @Flag(
    help:
      "Write --junit/--json even to a name that looks like an audio, scenario or capture file, and let --capture replace captures it did not record (never a file the run reads)."
  )
  var force = false

  @Flag(
    help:
      "Start a worker process for every scenario instead of reusing each worker for many (slower; nothing process-wide can carry over from one scenario to the next)."
  )
  var freshWorkers = false

  @OptionGroup var subject: SubjectOption

  @Option(
    help: ArgumentHelp(
      "Start this executable as the worker (it must answer `run-scenario FILE [--seed N]` and `serve-scenarios`).",
      visibility: .hidden))
  var worker: String?

  func validate() throws {
    do { _ = try SnapshotRecordMode.resolve(flag: record) } catch { throw ValidationError(error.message) }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1 (got \(jobs))") }
    if let schedules, !(1...10_000).contains(schedules) {
      throw ValidationError(
        "--schedules must be from 1 to 10000 (got \(schedules)); each is one pass over the scenarios")
    }
    if schedules != nil, scheduleSeed != nil {
      throw ValidationError(
        "--schedules N runs the seeds 1 to N and --schedule-seed N one seed: give one of them")
    }
    // A year bounds it (past it, milliseconds overflow what a Duration is built from); 0 is none.
    if !(timeout.isFinite && timeout >= 0 && timeout <= 365 * 86_400) {
      throw ValidationError(
        "--timeout must be a number of seconds from 0 (no timeout) to 31536000 (a year) (got \(timeout))")
    }
    if let maxVirtualTime, DurationText.parse(maxVirtualTime) == nil {
      throw ValidationError("--max-virtual-time must be a duration such as 90m, 3h or 7200s (got '\(maxVirtualTime)')")
    }
    if let junit = reports.junit { try PathCheck.checkWritable(junit, option: "--junit") }
    if let json = reports.json { try PathCheck.checkWritable(json, option: "--json") }
    if let shard {
      do { _ = try Shard(parsing: shard) } catch { throw ValidationError(error.message) }
    }
    if capture != nil, subject.names.count > 1 {
      throw ValidationError(
        "--capture records one subject's runs, but --subject names \(subject.names.count); run each subject with its own --capture folder"
      )
    }
    if let filter {
      do { _ = try ScenarioFilter(pattern: filter) } catch { throw ValidationError(error.message) }
    }
    for pattern in exclude {
      do { _ = try ScenarioFilter(pattern: pattern, option: "--exclude") } catch {
        throw ValidationError(error.message)
      }
    }
  }

  func run() async throws {
    let plan = try makePlan()
    let captureNames = try checkOutputs(of: plan)
    if let capture { try Self.makeCaptureFolder(capture) }
    // One run records into a capture folder at a time: a second would replace the first's captures as it writes them.
    let captureLock = try capture.map { try FolderLock(folder: $0, option: "--capture") }
    defer { captureLock?.release() }
    // Opened before the first worker starts: a history that cannot be written (or is not ours) stops
    // the run at once, not after it.
    let recorders = try makeRecorders(plan)
    let startedAt = Date()
    let factories = try subject.factories()
    // Ctrl-C and a CI job's cancel kill the workers too, and the reports are still written.
    let processes = WorkerProcesses()
    let signalSources = processes.handleSignals([SIGINT, SIGTERM]) { signal in
      Failure.printNote(
        "\(WorkerProcesses.name(of: signal)): killed the running workers; writing the reports of what finished")
    }
    defer { withExtendedLifetime(signalSources) {} }
    if let shard, plan.scenarios.isEmpty {
      Failure.printNote("shard \(shard) holds none of the \(plan.discoveredCount) scenarios")
    }
    let execution = RunExecution(
      plan: plan, factories: factories, seed: seed, jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount,
      timeout: self.timeout > 0 ? .milliseconds(Int64((self.timeout * 1000).rounded())) : nil,
      order: startOrder(plan), checkDeterminism: checkDeterminism, freshWorkers: freshWorkers,
      schedules: schedules, keepsTimelines: reports.html != nil || perfetto != nil, processes: processes
    ) { factory in
      var command = try workerCommand(subject: factories.count > 1 ? factory.name : subject.name)
      command.fileArguments = captureNames.mapValues { ["--capture-name", $0] }
      return command
    }
    var timelines: [String: TimelineFolder] = [:]
    defer { for folder in timelines.values { folder.remove() } }
    let results = try await execution.run(recorders, timelines: &timelines)
    let finished = FinishedRun(
      results: results, startedAt: startedAt, factories: factories, timelines: timelines,
      signal: processes.receivedSignal)
    var reportFailed = false
    for recorder in recorders { reportFailed = !recorder.finish(finished) || reportFailed }
    if let signal = finished.signal {
      Failure.printNote("interrupted by \(WorkerProcesses.name(of: signal)); the run is not recorded in the history")
      throw ExitCode(128 + signal)
    }
    if !finished.summary.succeeded || reportFailed { throw ExitCode(Failure.exitCode) }
  }

  /// The scenarios to run, found, filtered and sharded; a path that cannot be searched stops the run (64).
  private func makePlan() throws -> SuitePlan {
    do {
      return try SuitePlan(
        paths: paths.isEmpty ? ["Scenarios"] : paths, filter: try filter.map { try ScenarioFilter(pattern: $0) },
        excluding: try exclude.map { try ScenarioFilter(pattern: $0, option: "--exclude") },
        // Names do not depend on the subject: the first names them all.
        shard: try shard.map { try Shard(parsing: $0) },
        engine: .runner(ScenarioRunner(subject: try subject.factories()[0])),
        // Loading runs inside the run's time limit, here as in a worker.
        loadingLimit: timeout > 0 ? .milliseconds(Int64((timeout * 1000).rounded())) : nil)
    } catch let error as OrchestrationError {
      Failure.printError(error)
      throw ExitCode.validationFailure
    }
  }

  /// Checks every output against every input before the first worker starts; returns each
  /// scenario's capture name (`--capture`), empty without it.
  private func checkOutputs(of plan: SuitePlan) throws -> [String: String] {
    var outputs = OutputPaths()
    outputs.inputs(plan.scenarios.map(\.file), what: "the scenario")
    if let path = historyOptions.path { outputs.input(path, what: "the history database") }
    try reports.check(&outputs, force: force)
    // Checked before the run: a folder in the way (or the history) is found now, not after it.
    if let perfetto { try outputs.checkFolder(perfetto, option: "--perfetto") }
    guard let capture else { return [:] }
    let captureNames = Self.captureNames(plan.scenarios.map(\.file))
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
    return captureNames
  }

  /// Creates the `--capture` folder once, before the first worker (a worker that cannot write its
  /// capture fails its scenario).
  private static func makeCaptureFolder(_ capture: String) throws {
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
  }

  /// The run's recorders in the order they write: the reports, the history, then the console's last lines.
  private func makeRecorders(_ plan: SuitePlan) throws -> [any RunRecorder] {
    let historyStore: HistoryStore?
    do {
      historyStore = try historyOptions.path.map { try HistoryStore(path: $0) }
    } catch {
      Failure.printError(error)
      throw ExitCode.validationFailure
    }
    var recorders: [any RunRecorder] = []
    if let junit = reports.junit {
      var properties: [(String, String)] = []
      if let shard { properties.append(("shard", shard)) }
      if let seed { properties.append(("seed", String(seed))) }
      recorders.append(JUnitRecorder(path: junit, properties: properties))
    }
    if let json = reports.json { recorders.append(JSONRecorder(path: json)) }
    if let html = reports.html {
      recorders.append(HTMLRecorder(folder: html, seed: seed) { runDetails(startedAt: $0) })
    }
    if let perfetto { recorders.append(PerfettoRecorder(folder: perfetto)) }
    if let historyStore {
      recorders.append(
        HistoryRecorder(
          store: historyStore, seed: seed, shard: shard, label: historyOptions.label,
          paths: (paths.isEmpty ? ["Scenarios"] : paths) + (filter.map { ["--filter \($0)"] } ?? [])))
    }
    recorders.append(ConsoleRecorder(scenarios: plan.scenarios))
    return recorders
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
    guard let path = historyOptions.path,
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
    if let label = RunMetadata.label(given: historyOptions.label, commit: commit),
      label != commit.map({ String($0.prefix(12)) })
    {
      line += ", label \(label)"
    }
    line += ", seed " + (seed.map { "\($0) for every scenario" } ?? "each scenario's own")
    let names = (try? subject.factories().map(\.name)) ?? subject.names
    line +=
      (names.count > 1 ? ", subjects " : ", subject ") + (names.isEmpty ? "default" : names.joined(separator: ", "))
    line += ", shard \(shard ?? "all"), host \(ProcessInfo.processInfo.hostName)"
    return [line]
  }

  /// The results split by subject, each with the folder its pages or traces go into: `folder`
  /// itself for a run of one subject, `folder/<subject>` for each of several.
  static func bySubject(_ results: [ScenarioResult], into folder: String) -> [(String, [ScenarioResult])] {
    var groups: [(String?, [ScenarioResult])] = []
    for result in results {
      if let index = groups.firstIndex(where: { $0.0 == result.subject }) {
        groups[index].1.append(result)
      } else {
        groups.append((result.subject, [result]))
      }
    }
    return groups.map { subject, results in
      (
        subject.map { (folder as NSString).appendingPathComponent(GoldenFolder.variantName(for: $0)) } ?? folder,
        results
      )
    }
  }

  /// The worker: this executable (or `--worker`) with the subject, the golden-file flags and the
  /// capture folder passed explicitly, so a worker needs nothing from the parent's environment.
  /// - Parameter subject: The subject the worker runs against; nil for the executable's default.
  func workerCommand(subject: String?) throws -> WorkerCommand {
    var command = WorkerCommand(executable: worker.map { URL(fileURLWithPath: $0) } ?? CLIContext.ownExecutable)
    command.extraArguments = ["--record", try SnapshotRecordMode.resolve(flag: record).rawValue]
    if let subject { command.extraArguments += ["--subject", subject] }
    if failOnObsolete { command.extraArguments.append("--fail-on-obsolete") }
    if let maxVirtualTime { command.extraArguments += ["--max-virtual-time", maxVirtualTime] }
    if let scheduleSeed { command.extraArguments += ["--schedule-seed", String(scheduleSeed)] }
    if let capture { command.extraArguments += ["--capture", URL(fileURLWithPath: capture).standardizedFileURL.path] }
    return command
  }
}
