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
}
