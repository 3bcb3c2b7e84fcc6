import Foundation
import SpeechReplay

/// `--json FILE`: `{ "results": [ScenarioResult…], "summary": {…} }`, decodable back. A run of
/// several subjects adds `"subjects": { NAME: {…summary…} }`, and each result has its `"subject"`.
package struct JSONReport: Sendable, Hashable, Codable {
  /// The results, in suite order.
  package var results: [ScenarioResult]
  /// Their counts.
  package var summary: RunSummary
  /// Each subject's counts, when the run had several subjects; nil otherwise.
  package var subjects: [String: RunSummary]?

  /// Creates a report of the results.
  ///
  /// - Parameter results: The results, in suite order.
  package init(results: [ScenarioResult]) {
    self.results = results
    summary = RunSummary(results: results)
    let names = Set(results.compactMap(\.subject))
    if !names.isEmpty {
      subjects = Dictionary(
        uniqueKeysWithValues: names.map { name in (name, RunSummary(results: results.filter { $0.subject == name })) })
    }
  }

  /// The report as indented JSON with sorted keys.
  ///
  /// - Returns: UTF-8 JSON.
  /// - Throws: `EncodingError` only if a value cannot be represented (figures that are not finite are written as strings).
  package func encoded() throws -> Data {
    try ReportCoding.encoder(pretty: true).encode(self)
  }

  /// Reads a report written by ``encoded()``.
  ///
  /// - Parameter data: The JSON.
  /// - Returns: The report.
  /// - Throws: `DecodingError` when the data is not a report.
  package static func decode(_ data: Data) throws -> JSONReport {
    try ReportCoding.decoder().decode(JSONReport.self, from: data)
  }

  /// The first time in the results that no run gives (not finite, negative, or past a century),
  /// named by its place (`results[3].wallSeconds is -1`); nil when every one is a time a run can
  /// take. A report edited by hand or written by something else decodes, and would otherwise reach
  /// the history, the trend and the HTML pages with times they cannot show.
  package var implausibleTime: String? {
    let century = 100 * 365.25 * 86_400.0
    func check(_ value: Double?, _ place: @autoclosure () -> String) -> String? {
      guard let value, !(0...century).contains(value) else { return nil }
      return "\(place()) is \(value), not a time a run takes"
    }
    for (index, result) in results.enumerated() {
      if let problem = check(result.wallSeconds, "results[\(index)].wallSeconds")
        ?? check(result.virtualSeconds, "results[\(index)].virtualSeconds")
      {
        return problem
      }
      for (kind, list) in [("failures", result.failures), ("warnings", result.warnings)] {
        for (item, failure) in list.enumerated() {
          if let problem = check(failure.virtualTime, "results[\(index)].\(kind)[\(item)].virtualTime")
            ?? check(failure.audioTime, "results[\(index)].\(kind)[\(item)].audioTime")
          {
            return problem
          }
        }
      }
    }
    return nil
  }
}
