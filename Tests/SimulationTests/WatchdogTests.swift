import Foundation
import Simulation
import SpeechReplayTestSupport
import Testing

@Suite(.serialized) struct WatchdogTests {
  @Test func busyLoopEndsAtTheWatchdog() throws {
    let report = try Simulation.run(testConfiguration("busy", watchdog: .milliseconds(200))) {
      while true { await Task.yield() }
    }
    guard case .watchdogExpired(let wall) = report.outcome else {
      Issue.record("expected the watchdog, got \(report.outcome)")
      return
    }
    #expect(wall >= .milliseconds(200))
    #expect(report.virtualTime == .zero)
    #expect(report.outcome.description.contains("raise Configuration.watchdog"))
  }

  @Test func bodyErrorIsReported() throws {
    struct Failure: Error, CustomStringConvertible { var description: String { "model missing" } }
    let report = try Simulation.run(testConfiguration("throws")) { () throws -> Int in
      try await Task.sleep(for: .seconds(1))
      throw Failure()
    }
    #expect(report.outcome == .finished)
    #expect(report.bodyError == "model missing")
    #expect(report.value == nil)
    #expect(throws: SimulationError.runDidNotFinish(name: "throws", outcome: "the body threw: model missing")) {
      try report.get()
    }
  }
}

extension WatchdogTests {
  /// A job that blocks its thread cannot be interrupted; the watchdog ends the process instead of
  /// letting it hang. Shown in a child process (it would end the test process).
  @Test func blockedJobEndsTheProcessWithAClearMessage() throws {
    let process = Process()
    process.executableURL = try BuiltExecutable.url(named: "simulation-selfcheck")
    process.arguments = ["block"]
    let errorPipe = Pipe()
    process.standardError = errorPipe
    try process.run()
    let errorText = String(decoding: errorPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 124)
    // Named after the executable that ran, as every message the library prints on its own is.
    #expect(
      errorText.contains("simulation-selfcheck: error: simulation 'blocked': a job has not returned to the loop"),
      "\(errorText)")
  }
}
