import ArgumentParser
import Foundation
import SpeechReplay
import SpeechReplayTestSupport
import Testing

@testable import SpeechReplayCLI

/// The run's structure: report and history flags declared once and shared by `run` and `merge`;
/// capture settings reach a worker as arguments; an execution feeds its recorders every event.
@Suite struct RunStructureTests {
  @Test func runAndMergeShareTheReportAndHistoryFlags() throws {
    let flags = ["--junit", "r.xml", "--json", "r.json", "--html", "site", "--history", "h.sqlite", "--label", "v1"]
    let run = try RunCommand.parse(["Scenarios"] + flags)
    let folder = try TemporaryFolder(prefix: "RunStructureTests")
    defer { folder.remove() }
    let report = try folder.write("a.json", "{}")
    let merge = try MergeCommand.parse([report] + flags)
    for (reports, history) in [(run.reports, run.historyOptions), (merge.reportOptions, merge.historyOptions)] {
      #expect(reports.junit == "r.xml")
      #expect(reports.json == "r.json")
      #expect(reports.html == "site")
      #expect(history.database.history == "h.sqlite")
      #expect(history.label == "v1")
      #expect(history.path == "h.sqlite")
    }
    #expect(try RunCommand.parse(["--no-history"]).historyOptions.path == nil)
    #expect(try HistoryCommand.parse(["--history", "h.sqlite"]).history == "h.sqlite")
  }

  @Test func captureSettingsReachTheWorkerAsArguments() throws {
    let run = try RunCommand.parse(["Scenarios", "--capture", "captures"])
    let command = try run.workerCommand(subject: nil)
    let index = try #require(command.extraArguments.firstIndex(of: "--capture"))
    let folder = command.extraArguments[index + 1]
    #expect(folder.hasPrefix("/") && folder.hasSuffix("/captures"))
    // The worker records where its arguments say, with nothing in its environment.
    let captures = try TemporaryFolder(prefix: "RunStructureTests")
    defer { captures.remove() }
    let worker = try CommandLineRun([
      "run-scenario", "Scenarios/hello-world.yaml", "--capture", captures.url.path, "--capture-name", "named",
    ])
    #expect(worker.status == 0, "\(worker.standardError)")
    #expect(FileManager.default.fileExists(atPath: captures.url.appendingPathComponent("named.speechcapture").path))
    #expect(
      try RunCommand.parse(["Scenarios"]).workerCommand(subject: nil).extraArguments.contains("--capture") == false)
  }

  /// A recorder that keeps what it hears.
  final class Listening: RunRecorder {
    var events: [String] = []
    let log: Log
    let name: String
    init(_ name: String, log: Log) {
      self.name = name
      self.log = log
    }
    func record(_ event: RunEvent) {
      switch event {
      case .subjectStarted(let subject): events.append("subject \(subject ?? "-")")
      case .scenarioStarted(let index): events.append("start \(index)")
      case .scenarioFinished(let index, let result): events.append("finish \(index) \(result.status.rawValue)")
      case .subjectFinished(let subject, let results): events.append("done \(subject) \(results.count)")
      }
    }
    func finish(_ run: FinishedRun) -> Bool {
      log.order.append(name)
      return name != "failing"
    }
  }

  final class Log { var order: [String] = [] }

  @Test func anInterruptedRunNeverStartsTheNextSubjectAndRecordsNoHistory() async throws {
    let processes = WorkerProcesses()
    let plan = try SuitePlan(
      paths: [TestFiles.scenarios.appendingPathComponent("hello-world.yaml").path],
      engine: .runner(ScenarioRunner(subject: .unavailable)))
    let log = Log()
    let listening = Listening("listening", log: log)
    processes.interrupt(by: SIGTERM)
    let factories = ["one", "two"].map { name in SubjectFactory(name: name) { _ in throw CancellationError() } }
    let execution = RunExecution(
      plan: plan, factories: factories, seed: nil, jobs: 1, timeout: nil, order: nil, processes: processes
    ) { _ in WorkerCommand(executable: URL(fileURLWithPath: "/nonexistent")) }
    var timelines: [String: TimelineFolder] = [:]
    let results = try await execution.run([listening], timelines: &timelines)
    #expect(listening.events == ["subject one", "subject two"])
    #expect(results.map(\.status) == [.skipped, .skipped])
    #expect(results.map(\.subject) == ["one", "two"])
    #expect(results.allSatisfy { $0.failures.first?.check == CheckID(.run, "interrupted") })
  }
}
