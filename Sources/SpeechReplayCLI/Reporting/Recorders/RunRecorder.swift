import AudioPCM
import Foundation
import SpeechReplay

/// One of the things a run writes or shows — the console, JUnit, JSON, HTML, Perfetto, the history —
/// behind one interface (swift-testing's event recorders are the model): the execution feeds every
/// recorder the run's events as they happen, then the finished run once. A command lists its
/// recorders in the order they write.
protocol RunRecorder {
  /// Hears one event while the run goes on (the console shows progress; the reports wait for the end).
  func record(_ event: RunEvent)

  /// Writes what this recorder writes for the finished run.
  /// - Returns: false when it could not (the error is printed already); the command then exits 1.
  func finish(_ run: FinishedRun) -> Bool
}

extension RunRecorder {
  func record(_ event: RunEvent) {}

  /// Writes a report file whole (replacing it atomically); false, with the error printed, when it cannot.
  func writeReport(_ data: Data, to path: String) -> Bool {
    do {
      try FileReplacement.write(data, to: path)
      return true
    } catch {
      Failure.printError(OrchestrationError(.unwritableReport, "cannot write the report: \(Failure.line(for: error))"))
      return false
    }
  }
}
