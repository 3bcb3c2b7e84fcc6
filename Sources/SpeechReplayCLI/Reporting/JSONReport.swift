import Foundation
import SpeechReplay

/// `--json FILE`: `{ "results": [ScenarioResult…], "summary": {…} }`, decodable back.
package struct JSONReport: Sendable, Hashable, Codable {
  /// The results, in suite order.
  package var results: [ScenarioResult]
  /// Their counts.
  package var summary: RunSummary

  /// Creates a report of the results.
  ///
  /// - Parameter results: The results, in suite order.
  package init(results: [ScenarioResult]) {
    self.results = results
    summary = RunSummary(results: results)
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
