import Foundation
import Simulation
import SpeechReplay

extension PerfettoTrace {
  /// Writes one trace file per result into `folder` (`run --perfetto DIR`), named as the HTML
  /// report names its pages, with `.trace.json` instead of `.html`
  /// (`Scenarios/hello.yaml` → `Scenarios_hello.yaml.trace.json`).
  ///
  /// - Parameters:
  ///   - results: The results, in suite order.
  ///   - folder: The output folder (created when missing).
  ///   - timeline: The timeline of a result, when its worker wrote one.
  ///   - mainActorJobs: The main-actor jobs of a result, as its worker measured them.
  /// - Returns: The files written, in suite order.
  /// - Throws: An error when the folder or a file cannot be written.
  @discardableResult
  static func write(
    results: [ScenarioResult], into folder: String, timeline: (ScenarioResult) -> Timeline?,
    mainActorJobs: (ScenarioResult) -> [MainActorJob] = { _ in [] }
  ) throws -> [String] {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    var used: Set<String> = []
    var written: [String] = []
    for result in results {
      let page = HTMLReport.pageName(for: result.file, avoiding: used)
      used.insert(page)
      let name = String(page.dropLast(".html".count)) + ".trace.json"
      let trace = PerfettoTrace(
        result: result, scenario: try? LoadedScenarios.load(fileAt: result.file), timeline: timeline(result),
        mainActorJobs: mainActorJobs(result))
      let path = URL(fileURLWithPath: folder).appendingPathComponent(name).path
      try trace.encoded().write(to: URL(fileURLWithPath: path), options: .atomic)
      written.append(path)
    }
    return written
  }
}
