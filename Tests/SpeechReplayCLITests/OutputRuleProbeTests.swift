import Foundation
import SpeechReplayTestSupport
import Testing

/// The output rule holds for every command, including the next one: the commands and their
/// options come from the argument parser itself (`--experimental-dump-help`), every option is
/// either an output or declared as not writing, and every output is probed with that command's
/// own input, a history, a capture, a scenario and an audio file — none of which may change.
@Suite(.serialized) struct OutputRuleProbeTests {
  /// Options and arguments that write, by command (value names as the parser dumps them).
  static let outputs: [String: Set<String>] = [
    "run": ["junit", "json", "html", "perfetto", "capture"],
    "explore": ["out", "json"],
    "explain": ["perfetto"],
    "history": ["html"],
    "compare": ["html"],
    "report": ["out"],
    "merge": ["junit", "json", "html"],
    "audio convert": ["output"],
    "capture import": ["out"],
    "scenario new": ["out"],
  ]

  /// Options and arguments that write nothing: inputs, settings, filters.
  static let notOutputs: [String: Set<String>] = [
    "run": [
      "paths", "filter", "exclude", "seed", "jobs", "timeout", "max-virtual-time", "shard", "record", "history",
      "label",
      "subject", "worker", "schedules", "schedule-seed",
    ],
    "explore": ["paths", "runs", "seed", "time-limit", "jobs", "shard", "shrink-budget", "subject", "worker"],
    "list": ["paths"],
    "explain": ["scenario", "seed", "subject", "kinds", "from", "to", "grep"],
    "history": ["history", "limit", "[SCENARIO:]FIGURE=TOLERANCE"],
    "compare": ["baseline", "run", "history", "RUN", "[SCENARIO:]FIGURE=TOLERANCE"],
    "report": ["run-id", "history", "jobs", "subject", "worker"],
    "merge": ["reports", "history", "label"],
    "audio info": ["files"],
    "audio convert": ["input", "rate", "channels", "sample-type", "quality", "engine", "container", "encoding"],
    "audio segments": ["file", "dB", "time"],
    // The hidden worker: its folders are the parent's temporary folders, or `run --capture`'s
    // folder, which `run` checked (and locked) before it started the worker — never a user's path
    // the worker should judge again.
    "run-scenario": [
      "file", "seed", "subject", "record", "trace-dir", "timeline-dir", "max-virtual-time", "simulation-time-limit",
      "capture-name", "capture", "schedule-seed",
    ],
    "capture info": ["files"],
    "capture import": ["file", "from", "to", "name"],
    // --text-file and --segments are read (value name `file`), --device and --model name profiles.
    "scenario new": ["from", "text", "time", "file", "profile", "name"],
    "help": ["subcommands"],
  ]

  /// Every command's options and arguments with a value, as the parser declares them.
  static func declaredOptions() throws -> [String: Set<String>] {
    let run = try CommandLineRun(["--experimental-dump-help"])
    let root = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    var found: [String: Set<String>] = [:]
    func walk(_ command: [String: Any], _ path: [String]) {
      let name = (path + [command["commandName"] as? String ?? ""]).dropFirst().joined(separator: " ")
      for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["kind"] as? String != "flag" {
        if let value = argument["valueName"] as? String { found[name, default: []].insert(value) }
      }
      for sub in command["subcommands"] as? [[String: Any]] ?? [] {
        walk(sub, path + [command["commandName"] as? String ?? ""])
      }
    }
    walk(try #require(root["command"] as? [String: Any]), [])
    return found
  }

  /// A new option, or a new command, must be declared here as an output (and so probed) or not.
  @Test func everyOptionOfEveryCommandIsDeclaredAsAnOutputOrNot() throws {
    for (command, options) in try Self.declaredOptions() {
      let known = Self.outputs[command, default: []].union(Self.notOutputs[command, default: []])
      let unknown = options.subtracting(known)
      #expect(
        unknown.isEmpty,
        "'\(command)' has \(unknown.sorted()) that this test does not know: if it writes, declare it through OutputPaths and list it in `outputs` (it is then probed); if not, list it in `notOutputs`"
      )
    }
  }

  /// The files every probe aims at, made once in a temporary folder.
  struct Targets {
    let folder: URL
    let scenario: String
    let audio: String
    let capture: String
    let history: String
    let report: String

    init() throws {
      folder = try TemporaryFolder(prefix: "OutputRuleProbeTests").url
      let root = CommandLineRun.repositoryRoot
      audio = folder.appendingPathComponent("input.wav").path
      try FileManager.default.copyItem(
        atPath: root.appendingPathComponent("fixtures/audio/hello-world.wav").path, toPath: audio)
      capture = folder.appendingPathComponent("input.speechcapture").path
      try FileManager.default.copyItem(
        atPath: root.appendingPathComponent("fixtures/captures/field-session.speechcapture").path, toPath: capture)
      let words = root.appendingPathComponent("fixtures/audio/hello-world.words.tsv").path
      scenario = folder.appendingPathComponent("input.yaml").path
      try String(contentsOf: root.appendingPathComponent("Scenarios/hello-world.yaml"), encoding: .utf8)
        .replacingOccurrences(of: "../fixtures/audio/hello-world.wav", with: audio)
        .replacingOccurrences(of: "../fixtures/audio/hello-world.words.tsv", with: words)
        .write(toFile: scenario, atomically: true, encoding: .utf8)
      history = folder.appendingPathComponent("history.sqlite").path
      report = folder.appendingPathComponent("report.json").path
      let seeded = try CommandLineRun(["run", scenario, "--history", history, "--json", report, "--jobs", "1"])
      guard seeded.status == 0 else {
        throw CommandLineRunError(message: "seeding the history failed: \(seeded.standardOutput)")
      }
    }

    /// Each command's arguments without its outputs, reading the targets; `output` is appended as given.
    func invocation(_ command: String, output option: String, to path: String) -> [String] {
      switch command {
      case "run": ["run", scenario, "--history", history, "--jobs", "1", "--\(option)", path]
      case "explore": ["explore", scenario, "--runs", "1", "--jobs", "1", "--\(option)", path]
      case "explain": ["explain", scenario, "--\(option)", path]
      case "history": ["history", "--history", history, "--\(option)", path]
      case "compare": ["compare", "--baseline", "1", "--history", history, "--\(option)", path]
      case "report": ["report", "1", "--history", history, "--index-only", "--\(option)", path]
      case "merge": ["merge", report, "--no-history", "--\(option)", path]
      case "audio convert": ["audio", "convert", audio, path]
      case "capture import": ["capture", "import", capture, "--\(option)", path]
      case "scenario new": ["scenario", "new", "--from", audio, "--\(option)", path]
      default: []
      }
    }

    /// The files a probe of `command` aims at: a scenario, audio, a capture and a history (each
    /// an input of some command), and `merge`'s own input, a JSON report.
    func all(for command: String) -> [(what: String, path: String)] {
      [("scenario", scenario), ("audio", audio), ("capture", capture), ("history", history)]
        + (command == "merge" ? [("report", report)] : [])
    }
  }

  /// Every output of every command, aimed at each target: refused (64) before any work, and the
  /// target byte for byte as it was.
  @Test func noOutputEverWritesOverAnInputAHistoryACaptureAScenarioOrAudio() throws {
    let targets = try Targets()
    for (command, options) in Self.outputs.sorted(by: { $0.key < $1.key }) {
      for option in options.sorted() {
        for target in targets.all(for: command) {
          let before = try Data(contentsOf: URL(fileURLWithPath: target.path))
          let arguments = targets.invocation(command, output: option, to: target.path)
          let run = try CommandLineRun(arguments)
          let after = try Data(contentsOf: URL(fileURLWithPath: target.path))
          #expect(before == after, "\(arguments.joined(separator: " ")) changed the \(target.what)")
          #expect(run.status == 64, "\(arguments.joined(separator: " ")): \(run.status) \(run.standardError)")
        }
      }
    }
  }

  /// An output option given twice would write only one of the two: refused.
  @Test func aRepeatedOutputIsRefused() throws {
    let folder = try TemporaryFolder(prefix: "OutputRuleProbeTests-repeated").url
    let first = folder.appendingPathComponent("a.json").path
    let second = folder.appendingPathComponent("b.json").path
    let run = try CommandLineRun([
      "run", "Scenarios/hello-world.yaml", "--no-history", "--json", first, "--json=\(second)",
    ])
    #expect(run.status == 64)
    #expect(run.standardError.contains("--json is given twice (\(first) and \(second))"), "\(run.standardError)")
    #expect(!FileManager.default.fileExists(atPath: first) && !FileManager.default.fileExists(atPath: second))
  }

  /// The message names both paths in full, however deep the folder (it cut them at 80 characters).
  @Test func aRepeatedOutputsMessageNamesLongPathsInFull() throws {
    let deep = try TemporaryFolder(prefix: "OutputRuleProbeTests-long").url
      .appendingPathComponent(String(repeating: "a-folder-of-a-ci-workspace/", count: 6))
    try FileManager.default.createDirectory(at: deep, withIntermediateDirectories: true)
    let first = deep.appendingPathComponent("first.json").path
    let second = deep.appendingPathComponent("second.json").path
    let run = try CommandLineRun([
      "run", "Scenarios/hello-world.yaml", "--no-history", "--json", first, "--json", second,
    ])
    #expect(run.status == 64)
    #expect(run.standardError.contains("--json is given twice (\(first) and \(second))"), "\(run.standardError)")
  }
}
