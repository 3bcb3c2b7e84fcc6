import Foundation
import Simulation
import SpeechReplay

/// Writes a run's HTML report into a folder: one page per scenario and `index.html`.
///
/// Where the data comes from: workers started with `--timeline-dir DIR` write their run's timeline
/// as JSON (``timelineFile(for:in:)``); the parent reads it back, loads the scenario file itself
/// (budgets, the device's UI, the microphone file for the waveform) and renders the pages here. A
/// scenario whose worker crashed has no timeline: its page shows the failure and the worker's output.
///
/// ```swift
/// try HTMLReport(folder: "report").write(results: results) { HTMLReport.readTimeline(HTMLReport.timelineFile(for: $0.file, in: dir)) }
/// ```
package struct HTMLReport {
  /// The output folder (created when missing).
  var folder: String
  /// The index page's heading.
  var title = "speech-replay run"
  /// Lines under the index's heading.
  var details: [String] = []
  /// The run's `--seed`, shown on the page of a scenario whose worker never reported its own.
  var seedOverride: UInt64?

  /// Writes every scenario's page, then the index.
  ///
  /// - Parameters:
  ///   - results: The results, in suite order.
  ///   - indexResults: What the index shows for each result (the recorded results, for a re-run); the results by default.
  ///   - timeline: The timeline of a result, when there is one.
  ///   - audioLane: What the analyzer heard in a result's run, when the worker kept it.
  ///   - notes: Lines shown on a result's page under its heading.
  /// - Throws: An error when the folder or a file cannot be written.
  func write(
    results: [ScenarioResult], indexResults: [ScenarioResult]? = nil, timeline: (ScenarioResult) -> Timeline?,
    audioLane: (ScenarioResult) -> AudioLane? = { _ in nil }, notes: (ScenarioResult) -> [String] = { _ in [] }
  ) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var used: Set<String> = ["index.html"]
    var rows: [RunIndexPage.Row] = []
    for result in results {
      let name = Self.pageName(for: result.file, avoiding: used)
      used.insert(name)
      let scenario = try? LoadedScenarios.load(fileAt: result.file)
      let audio = scenario?.device.microphone.audioFile.flatMap(WaveformEnvelope.read)
      let page = ScenarioPage(
        result: result, scenario: scenario, timeline: timeline(result), audio: audio, heard: audioLane(result),
        notes: notes(result), seedOverride: seedOverride)
      try Data(page.html().utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name), options: .atomic)
      rows.append(RunIndexPage.Row(result: indexResults?[rows.count] ?? result, page: name))
    }
    try writeIndex(rows)
  }

  /// Writes only `index.html` (rows without a page are not links).
  ///
  /// - Parameter rows: The rows, in suite order.
  /// - Throws: An error when the file cannot be written.
  func writeIndex(_ rows: [RunIndexPage.Row]) throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let index = RunIndexPage(title: title, details: details, rows: rows)
    try Data(index.html().utf8).write(
      to: URL(fileURLWithPath: folder).appendingPathComponent("index.html"), options: .atomic)
  }

  /// The page's file name for a scenario file: its path relative to the working directory (just
  /// its name when it lies outside), every character other than ASCII letters, digits, `-` and `.`
  /// turned into `_`, then `.html` (`Scenarios/hello.yaml` → `Scenarios_hello.yaml.html`), with
  /// `-2`, `-3`… when two files give the same name. Never an absolute path: the same suite gives
  /// the same names wherever it lies.
  static func pageName(for file: String, avoiding used: Set<String>) -> String {
    let absolute = URL(fileURLWithPath: file).standardizedFileURL.path
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path + "/"
    let relative =
      absolute.hasPrefix(current) ? String(absolute.dropFirst(current.count)) : (absolute as NSString).lastPathComponent
    let base = String(relative.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") ? $0 : "_" })
    var name = base + ".html"
    var suffix = 2
    while used.contains(name) {
      name = "\(base)-\(suffix).html"
      suffix += 1
    }
    return name
  }

  /// Where a worker writes a scenario's timeline in `folder`.
  ///
  /// - Parameters:
  ///   - file: The scenario file.
  ///   - folder: The timeline folder.
  /// - Returns: The path.
  package static func timelineFile(for file: String, in folder: String) -> String {
    (folder as NSString).appendingPathComponent(workerFileName(for: file) + ".timeline.json")
  }

  /// The scenario file's path as one file name, the stem of what its worker writes.
  private static func workerFileName(for file: String) -> String {
    String(file.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "_" })
  }

  /// Writes a timeline as JSON (what a worker does with `--timeline-dir`).
  ///
  /// - Parameters:
  ///   - timeline: The run's timeline.
  ///   - path: The file.
  /// - Throws: An error when it cannot be written.
  static func writeTimeline(_ timeline: Timeline, to path: String) throws {
    try ReportCoding.encoder(pretty: false).encode(timeline.events).write(
      to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// Where a worker writes what the analyzer heard in a scenario's run, beside its timeline.
  ///
  /// - Parameters:
  ///   - file: The scenario file.
  ///   - folder: The timeline folder.
  /// - Returns: The path.
  package static func audioLaneFile(for file: String, in folder: String) -> String {
    (folder as NSString).appendingPathComponent(workerFileName(for: file) + ".heard.json")
  }

  /// Writes what the analyzer heard as JSON (what a worker does with `--timeline-dir`).
  ///
  /// - Parameters:
  ///   - lane: The run's audio lane.
  ///   - path: The file.
  /// - Throws: An error when it cannot be written.
  static func writeAudioLane(_ lane: AudioLane, to path: String) throws {
    try ReportCoding.encoder(pretty: false).encode(lane).write(to: URL(fileURLWithPath: path), options: .atomic)
  }

  /// Reads what a worker wrote of what the analyzer heard; `nil` when there is none or it cannot be read.
  ///
  /// - Parameter path: The file.
  /// - Returns: The audio lane.
  package static func readAudioLane(at path: String) -> AudioLane? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    return try? ReportCoding.decoder().decode(AudioLane.self, from: data)
  }

  /// Reads a timeline a worker wrote; `nil` when there is none or it cannot be read.
  ///
  /// - Parameter path: The file.
  /// - Returns: The timeline.
  package static func readTimeline(at path: String) -> Timeline? {
    guard let data = FileManager.default.contents(atPath: path),
      let events = try? ReportCoding.decoder().decode([TraceEvent].self, from: data)
    else { return nil }
    return Timeline(events: events)
  }
}
