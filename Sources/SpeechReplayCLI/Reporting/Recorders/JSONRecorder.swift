import AudioPCM
import Foundation

/// `--json FILE`: the JSON report (`merge` reads it back).
struct JSONRecorder: RunRecorder {
  /// The report file.
  var path: String

  func finish(_ run: FinishedRun) -> Bool {
    do {
      return writeReport(try JSONReport(results: run.results).encoded(), to: path)
    } catch {
      Failure.printError(error, path: path)
      return false
    }
  }
}
