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
    // A year bounds it (past it, milliseconds overflow what a Duration is built from); 0 is none.
    if !(timeout.isFinite && timeout >= 0 && timeout <= 365 * 86_400) {
      throw ValidationError(
        "--timeout must be a number of seconds from 0 (no timeout) to 31536000 (a year) (got \(timeout))")
    }
    if let maxVirtualTime, DurationText.parse(maxVirtualTime) == nil {
      throw ValidationError("--max-virtual-time must be a duration such as 90m, 3h or 7200s (got '\(maxVirtualTime)')")
    }
    if let junit { try PathCheck.checkWritable(junit, option: "--junit") }
    if let json { try PathCheck.checkWritable(json, option: "--json") }
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
    let plan: SuitePlan
    do {
      plan = try SuitePlan(
        paths: paths.isEmpty ? ["Scenarios"] : paths, filter: try filter.map { try ScenarioFilter(pattern: $0) },
        excluding: try exclude.map { try ScenarioFilter(pattern: $0, option: "--exclude") },
        // Names do not depend on the subject: the first names them all.
        shard: try shard.map { try Shard(parsing: $0) },
        engine: .runner(ScenarioRunner(subject: try subject.factories()[0])))
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
    // Checked before the run: a folder in the way (or the history) is found now, not after it.
    if let perfetto { try outputs.checkFolder(perfetto, option: "--perfetto") }
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
    // One run records into a capture folder at a time: a second would replace the first's captures as it writes them.
    let captureLock = try capture.map { try FolderLock(folder: $0, option: "--capture") }
    defer { captureLock?.release() }
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
    let factories = try subject.factories()
    // With several subjects every result names its own, and every report keeps them apart.
    let several = factories.count > 1
    let jobs = jobs ?? ProcessInfo.processInfo.activeProcessorCount
    let timeout: Duration? = self.timeout > 0 ? .milliseconds(Int64((self.timeout * 1000).rounded())) : nil
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
    let order = startOrder(plan)
    var results: [ScenarioResult] = []
    // Each subject's timelines (`--html`, `--perfetto`), in a temporary folder of its own: the
    // workers name them after the scenario file, which the subjects share.
    var timelineFolders: [String: TimelineFolder] = [:]
    defer { for folder in timelineFolders.values { folder.remove() } }
    var consoles: [ConsoleReporter] = []
    for factory in factories {
      var command = try workerCommand(subject: several ? factory.name : subject.name)
      command.fileArguments = captureNames.mapValues { ["--capture-name", $0] }
      // `--html`, `--perfetto`: every worker also writes its timeline as JSON into a temporary folder; the pages are
      // rendered here from those files, the results and the scenario files.
      if html != nil || perfetto != nil {
        do { timelineFolders[factory.name] = try TimelineFolder() } catch {
          Failure.printError(error)
          throw ExitCode(Failure.exitCode)
        }
        command.extraArguments += timelineFolders[factory.name]!.workerArguments
      }
      // Reused workers: a worker process runs scenario after scenario and is replaced when one crashes.
      let reusing = freshWorkers ? nil : ReusableWorkers(executable: command.executable, processes: processes)
      defer { reusing?.close() }
      let pool = WorkerPool(command: command, jobs: jobs, timeout: timeout, processes: processes, reusing: reusing)
      let console = ConsoleReporter(
        style: isatty(STDOUT_FILENO) == 1 ? .progress : .plain, scenarios: plan.scenarios,
        subject: several ? factory.name : nil
      ) { text in
        FileHandle.standardOutput.write(Data(text.utf8))
      }
      consoles.append(console)
      if several { console.header() }
      if processes.receivedSignal != nil {
        // Interrupted during an earlier subject: this one never starts.
        results += plan.scenarios.map {
          ScenarioResult(
            name: $0.name, file: $0.file, status: .skipped, seed: seed ?? 0,
            failures: [
              ScenarioFailure(
                "not run: the run was interrupted by \(WorkerProcesses.name(of: processes.receivedSignal!))",
                check: CheckID(.run, "interrupted"))
            ], subject: factory.name)
        }
        continue
      }
      var subjectResults =
        checkDeterminism
        ? await DeterminismRun(
          command: command, jobs: jobs, timeout: timeout, processes: processes, firstPassReusing: reusing
        ).run(plan.scenarios, seed: seed, order: order, started: console.started, finished: console.finished)
        : await pool.run(
          plan.scenarios, seed: seed, order: order, started: console.started, finished: console.finished)
      if several {
        for index in subjectResults.indices { subjectResults[index].subject = factory.name }
        console.finishSubject(RunSummary(results: subjectResults))
      }
      results += subjectResults
    }
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
    if let html {
      do {
        try writeHTML(
          html, results: results, factories: several ? factories : [], timelines: timelineFolders, startedAt: startedAt)
      } catch {
        Failure.printError(
          OrchestrationError(
            .unwritableReport,
            "\(html): cannot write the HTML report (\(FileProblem.describe(error, path: html))); check that the folder is writable"
          ))
        reportFailed = true
      }
    }
    if let perfetto {
      do {
        for (folder, subjectResults) in Self.bySubject(results, into: perfetto) {
          let timelines = timelineFolders[subjectResults.first?.subject ?? factories[0].name]
          try PerfettoTrace.write(
            results: subjectResults, into: folder, timeline: { timelines?.timeline(of: $0) },
            mainActorJobs: { timelines?.mainActorJobs(of: $0) ?? [] })
        }
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
      finishConsole(consoles, summary: summary, several: several)
      Failure.printNote("interrupted by \(WorkerProcesses.name(of: signal)); the run is not recorded in the history")
      throw ExitCode(128 + signal)
    }
    reportFailed = !recordHistory(results, in: historyStore, startedAt: startedAt) || reportFailed
    finishConsole(consoles, summary: summary, several: several)
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
    let names = (try? subject.factories().map(\.name)) ?? subject.names
    line +=
      (names.count > 1 ? ", subjects " : ", subject ") + (names.isEmpty ? "default" : names.joined(separator: ", "))
    line += ", shard \(shard ?? "all"), host \(ProcessInfo.processInfo.hostName)"
    return [line]
  }

  /// The console's last lines: for one subject its failures in full (on a terminal) and the summary;
  /// for several (each already closed with its own line) the summary of all.
  private func finishConsole(_ consoles: [ConsoleReporter], summary: RunSummary, several: Bool) {
    if !several, let console = consoles.first {
      console.finish(summary)
    } else {
      FileHandle.standardOutput.write(Data((summary.line + "\n").utf8))
    }
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

  /// `--html DIR`: the report of a run of one subject in DIR; of several, each subject's report in
  /// `DIR/<subject>/` and an index of the subjects in `DIR/index.html`.
  private func writeHTML(
    _ html: String, results: [ScenarioResult], factories: [SubjectFactory], timelines: [String: TimelineFolder],
    startedAt: Date
  ) throws {
    var links: [(name: String, folder: String, summary: RunSummary)] = []
    for (folder, subjectResults) in Self.bySubject(results, into: html) {
      let name = subjectResults.first?.subject
      var report = HTMLReport(
        folder: folder, title: "\(CLIContext.current.commandName) run" + (name.map { " — subject \($0)" } ?? ""),
        details: runDetails(startedAt: startedAt))
      report.seedOverride = seed
      let defaultName = try subject.factories().first?.name ?? ""
      let folderTimelines = timelines[name ?? defaultName]
      try report.write(
        results: subjectResults, timeline: { folderTimelines?.timeline(of: $0) },
        audioLane: { folderTimelines?.audioLane(of: $0) })
      if let name { links.append((name, (folder as NSString).lastPathComponent, RunSummary(results: subjectResults))) }
    }
    guard !factories.isEmpty else { return }
    var page = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>"
    page +=
      JUnitReport.escape("\(CLIContext.current.commandName) run — \(links.count) subjects") + "</title></head><body>\n"
    page += "<h1>\(JUnitReport.escape(CLIContext.current.commandName)) run — \(links.count) subjects</h1>\n<ul>\n"
    for link in links {
      page +=
        "<li><a href=\"\(JUnitReport.escape(link.folder))/index.html\">\(JUnitReport.escape(link.name))</a>: \(JUnitReport.escape(link.summary.line))</li>\n"
    }
    page += "</ul>\n</body></html>\n"
    try FileReplacement.write(Data(page.utf8), to: (html as NSString).appendingPathComponent("index.html"))
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
  /// - Parameter subject: The subject the worker runs against; nil for the executable's default.
  func workerCommand(subject: String?) throws -> WorkerCommand {
    var command = WorkerCommand(executable: worker.map { URL(fileURLWithPath: $0) } ?? CLIContext.ownExecutable)
    command.extraArguments = ["--record", try SnapshotRecordMode.resolve(flag: record).rawValue]
    if let subject { command.extraArguments += ["--subject", subject] }
    if failOnObsolete { command.extraArguments.append("--fail-on-obsolete") }
    if let maxVirtualTime { command.extraArguments += ["--max-virtual-time", maxVirtualTime] }
    return command
  }
}
