import Foundation
import GRDB
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing
import Yams

/// The GitHub Actions templates in Documentation/ci-templates/ work as they are: they parse, every
/// command is one of the repository's own ci/ scripts, the shard matrix and the shards' arguments
/// agree, and the merge job's command, run here on shard reports laid out as the download step lays
/// them out, writes the merged report, records the run and writes the trend page.
@Suite(.serialized) struct CITemplateTests {
  static let templates = TestFiles.root.appendingPathComponent("Documentation/ci-templates")

  static func workflow(_ name: String) throws -> [String: Any] {
    let text = try String(contentsOf: templates.appendingPathComponent(name), encoding: .utf8)
    return try #require(try Yams.load(yaml: text) as? [String: Any], "\(name) is not a YAML mapping")
  }

  static func jobs(_ workflow: [String: Any]) throws -> [String: [String: Any]] {
    try #require(workflow["jobs"] as? [String: [String: Any]])
  }

  static func steps(_ job: [String: Any]) throws -> [[String: Any]] {
    try #require(job["steps"] as? [[String: Any]])
  }

  /// The commands of a job's `run:` steps, one per non-empty, non-comment line.
  static func commands(_ job: [String: Any]) throws -> [String] {
    try steps(job).compactMap { $0["run"] as? String }.flatMap {
      $0.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }
    .filter { !$0.isEmpty && !$0.hasPrefix("#") }
  }

  @Test(arguments: ["linux.yml", "macos.yml"])
  func everyCommandIsOneOfTheRepositorysOwnScripts(_ name: String) throws {
    let jobs = try Self.jobs(try Self.workflow(name))
    #expect(!jobs.isEmpty)
    for (job, body) in jobs {
      let commands = try Self.commands(body)
      #expect(!commands.isEmpty, "\(name): job \(job) runs nothing")
      for command in commands {
        let script = String(command.prefix { $0 != " " })
        #expect(script.hasPrefix("ci/"), "\(name): job \(job) runs `\(command)`, not a ci/ script")
        let path = TestFiles.root.appendingPathComponent(script).path
        #expect(
          FileManager.default.isExecutableFile(atPath: path),
          "\(name): \(script) is not an executable file of the repository")
        // The script parses as bash.
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/bin/bash")
        check.arguments = ["-n", path]
        try WorkerLaunch.serialized { try check.run() }
        check.waitUntilExit()
        #expect(check.terminationStatus == 0, "\(script) does not parse")
      }
    }
  }

  @Test func theLinuxWorkflowShardsTheSuiteCachesTheBuildAndKeepsTheHistoryAndReports() throws {
    let jobs = try Self.jobs(try Self.workflow("linux.yml"))
    #expect(Set(jobs.keys) == ["test", "scenarios", "merge"])
    for (name, job) in jobs {
      let image = try #require(job["container"] as? String, "\(name) runs in no container")
      #expect(image.hasPrefix("swift:"), "\(name) does not run in the official Swift image")
      let cache = try Self.steps(job).first { ($0["uses"] as? String)?.hasPrefix("actions/cache@") == true }
      #expect((cache?["with"] as? [String: Any])?["path"] as? String == ".build", "\(name) does not cache .build")
    }
    // The matrix and the shards' arguments agree: every shard i of N, once.
    let scenarios = try #require(jobs["scenarios"])
    let shards = try #require(
      ((scenarios["strategy"] as? [String: Any])?["matrix"] as? [String: Any])?["shard"] as? [Int])
    let command = try #require(try Self.commands(scenarios).first)
    #expect(command == "ci/main --shard ${{ matrix.shard }}/\(shards.count) --no-history")
    #expect(shards == Array(1...shards.count))
    // The merge job waits for the shards, also when one failed, restores and saves the history, and uploads the report.
    let merge = try #require(jobs["merge"])
    #expect(merge["needs"] as? String == "scenarios")
    #expect(merge["if"] as? String == "always()")
    let uses = try Self.steps(merge).compactMap { $0["uses"] as? String }
    #expect(uses.contains { $0.hasPrefix("actions/download-artifact@") })
    #expect(
      uses.contains { $0.hasPrefix("actions/cache/restore@") } && uses.contains { $0.hasPrefix("actions/cache/save@") })
    let history = try Self.steps(merge).filter { ($0["uses"] as? String)?.hasPrefix("actions/cache/") == true }
      .compactMap { ($0["with"] as? [String: Any])?["path"] as? String }
    #expect(history == [".speech-replay", ".speech-replay"])
    let upload = try Self.steps(merge).first { ($0["uses"] as? String)?.hasPrefix("actions/upload-artifact@") == true }
    #expect((upload?["with"] as? [String: Any])?["path"] as? String == ".build/reports/merged/")
    // The macOS job runs the twins' tests against Apple's frameworks.
    let mac = try Self.jobs(try Self.workflow("macos.yml"))
    #expect(try mac.values.flatMap(Self.commands) == ["ci/apple-frameworks"])
    let script = try String(contentsOf: TestFiles.root.appendingPathComponent("ci/apple-frameworks"), encoding: .utf8)
    #expect(script.contains("SPEECH_REPLAY_TEST_AGAINST_APPLE=1"))
  }

  @Test func theMergeJobsCommandMergesShardReportsRecordsTheRunAndWritesTheTrends() throws {
    let folder = try TemporaryFolder(prefix: "CITemplateTests")
    defer { folder.remove() }
    let bin = try CommandLineRun.executable().path
    // Three shards of two scenarios, each report where download-artifact puts it: shards/shard-N/scenarios.json.
    let suite = ["Scenarios/hello-world.yaml", "Scenarios/silence.yaml"]
    for shard in 1...3 {
      let json = folder.url.appendingPathComponent("shards/shard-\(shard)/scenarios.json").path
      try FileManager.default.createDirectory(
        atPath: (json as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      let run = try CommandLineRun(["run"] + suite + ["--shard", "\(shard)/3", "--no-history", "--json", json])
      #expect(run.status == 0, "\(run.standardError)")
    }
    let mergeJob = try #require(try Self.jobs(try Self.workflow("linux.yml"))["merge"])
    let merge = try #require(try Self.commands(mergeJob).first)
    let out = folder.url.appendingPathComponent("reports")
    let history = folder.url.appendingPathComponent(".speech-replay/history.sqlite")
    // The step's command line, run by bash from the workspace as Actions runs it, with the repository's script.
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-euo", "pipefail", "-c", TestFiles.root.path + "/" + merge]
    process.currentDirectoryURL = folder.url
    var environment = ProcessInfo.processInfo.environment
    environment["SPEECH_REPLAY_BIN"] = bin
    environment["SPEECH_REPLAY_REPORTS"] = out.path
    environment["SPEECH_REPLAY_HISTORY"] = history.path
    process.environment = environment
    let log = folder.url.appendingPathComponent("merge.log")
    FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    try WorkerLaunch.serialized { try process.run() }
    process.waitUntilExit()
    try handle.close()
    let output = try String(contentsOf: log, encoding: .utf8)
    #expect(process.terminationStatus == 0, "\(merge): \(output)")
    for file in ["scenarios.junit.xml", "scenarios.json", "html/index.html", "trends.html"] {
      #expect(
        FileManager.default.fileExists(atPath: out.appendingPathComponent(file).path),
        "\(merge) wrote no \(file): \(output)")
    }
    let junit = try String(contentsOf: out.appendingPathComponent("scenarios.junit.xml"), encoding: .utf8)
    #expect(junit.contains("tests=\"2\""), "\(junit.prefix(400))")
    let runs = try DatabaseQueue(path: history.path).read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM run")
    }
    #expect(runs == 1)
    // The merged index says when and on which commit the run was merged.
    let index = try String(contentsOf: out.appendingPathComponent("html/index.html"), encoding: .utf8)
    #expect(
      index.contains(#/<p class="meta">merged [0-9T:-]+Z from 3 reports, commit [0-9a-f]{12}/#), "\(index.prefix(1500))"
    )
    let trends = try String(contentsOf: out.appendingPathComponent("trends.html"), encoding: .utf8)
    #expect(trends.contains("Trends over the last 1 runs"))
  }

  /// Runs the merge job's command line as Actions runs it (bash, from the workspace) with `environment`.
  static func runMergeStep(
    in folder: URL, environment extra: [String: String]
  ) throws -> (status: Int32, output: String) {
    let mergeJob = try #require(try Self.jobs(try Self.workflow("linux.yml"))["merge"])
    let merge = try #require(try Self.commands(mergeJob).first)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-euo", "pipefail", "-c", TestFiles.root.path + "/" + merge]
    process.currentDirectoryURL = folder
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
    let log = folder.appendingPathComponent("merge-\(UUID().uuidString).log")
    FileManager.default.createFile(atPath: log.path, contents: nil)
    let handle = try FileHandle(forWritingTo: log)
    process.standardOutput = handle
    process.standardError = handle
    try WorkerLaunch.serialized { try process.run() }
    process.waitUntilExit()
    try handle.close()
    return (process.terminationStatus, try String(contentsOf: log, encoding: .utf8))
  }

  @Test func aPullRequestFailsOnARegressionAgainstMainsLastLabelledRunWithTheComparisonAttached() throws {
    let folder = try TemporaryFolder(prefix: "CITemplateTests")
    defer { folder.remove() }
    // The workflow labels main's runs, compares pull requests, and saves the history from main only.
    let merge = try #require(try Self.jobs(try Self.workflow("linux.yml"))["merge"])
    let step = try #require(try Self.steps(merge).first { ($0["run"] as? String)?.hasPrefix("ci/merge") == true })
    let env = try #require(step["env"] as? [String: String])
    #expect(env["SPEECH_REPLAY_LABEL"]?.contains("github.event_name == 'push'") == true)
    #expect(env["SPEECH_REPLAY_COMPARE"] == "${{ github.event_name == 'pull_request' && 'last-labelled' || '' }}")
    let save = try #require(
      try Self.steps(merge).first { ($0["uses"] as? String)?.hasPrefix("actions/cache/save@") == true })
    #expect((save["if"] as? String)?.contains("github.event_name == 'push'") == true)

    // main's run, then a pull request's whose final latency is 350 ms slower in one scenario.
    let json = folder.url.appendingPathComponent("shards/shard-1/scenarios.json")
    try FileManager.default.createDirectory(
      at: json.deletingLastPathComponent(), withIntermediateDirectories: true)
    let run = try CommandLineRun(["run", "Scenarios/hello-world.yaml", "--no-history", "--json", json.path])
    #expect(run.status == 0, "\(run.standardError)")
    let bin = try CommandLineRun.executable().path
    let out = folder.url.appendingPathComponent("reports")
    var environment = [
      "SPEECH_REPLAY_BIN": bin, "SPEECH_REPLAY_REPORTS": out.path,
      "SPEECH_REPLAY_HISTORY": folder.url.appendingPathComponent(".speech-replay/history.sqlite").path,
    ]
    // A pull request before main recorded anything: nothing to compare with, which fails nothing.
    let first = try Self.runMergeStep(
      in: folder.url, environment: environment.merging(["SPEECH_REPLAY_COMPARE": "last-labelled"]) { $1 })
    #expect(first.status == 0, "\(first.output)")
    #expect(first.output.contains("no labelled run to compare with yet"), "\(first.output)")
    environment["SPEECH_REPLAY_LABEL"] = "main-1"
    #expect(try Self.runMergeStep(in: folder.url, environment: environment).status == 0)
    var report = try JSONReport.decode(Data(contentsOf: json))
    let final = try #require(report.results[0].figures.figure(named: "latency.final.p50"))
    report.results[0].figures.record(Figure(final.name, final.value + 0.35, unit: .seconds))
    try report.encoded().write(to: json)
    environment["SPEECH_REPLAY_LABEL"] = nil
    environment["SPEECH_REPLAY_COMPARE"] = "last-labelled"
    let pull = try Self.runMergeStep(in: folder.url, environment: environment)
    #expect(pull.status == 1, "\(pull.output)")
    #expect(pull.output.contains("REGRESSED  hello world"), "\(pull.output)")
    let page = try String(contentsOf: out.appendingPathComponent("comparison.html"), encoding: .utf8)
    #expect(page.contains("1 regressions"), "\(page.prefix(1500))")
  }
}
