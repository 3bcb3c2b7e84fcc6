import AudioPCM
import Foundation

/// `--junit FILE`: the JUnit XML report.
struct JUnitRecorder: RunRecorder {
  /// The report file.
  var path: String
  /// The run's properties (`shard`, `seed`), in the report's order.
  var properties: [(String, String)] = []

  func finish(_ run: FinishedRun) -> Bool {
    writeReport(Data(JUnitReport(results: run.results, runProperties: properties).xml().utf8), to: path)
  }
}
