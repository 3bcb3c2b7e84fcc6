import Simulation
import SimulationWorkloads
import SpeechReplayTestSupport
import XCTest

/// Runs from XCTest: a synchronous test method runs on the process's main thread, so the
/// simulation loop is driven from the main thread here.
final class SimulationXCTests: XCTestCase {
  func testRacyWorkloadIsDeterministicFromXCTest() throws {
    var hashes = Set<String>()
    for _ in 0..<10 {
      let report = try Simulation.run(
        .init(
          name: "xctest racy", seed: 3, realClockQuantum: RacyWorkload.realClockQuantum,
          exclusivity: .waitForTurn(timeout: TestSimulation.turnTimeout))
      ) {
        await RacyWorkload.run()
      }
      XCTAssertEqual(report.outcome, .finished)
      XCTAssertEqual(report.value, 20)
      XCTAssertTrue(report.isDeterministic, "escapes: \(report.escapes)")
      hashes.insert(report.traceHash)
    }
    XCTAssertEqual(hashes.count, 1, "the same seed must give one trace")
  }

  func testMainActorIsCapturedFromXCTestMainThread() throws {
    let report = try Simulation.run(TestSimulation.configuration("xctest main actor")) {
      try? await Task.sleep(for: .seconds(2))
      return await MainActor.run { () -> Duration in
        MainActor.assertIsolated()
        return Simulation.current?.now ?? .zero
      }
    }
    XCTAssertEqual(report.value, .seconds(2))
    XCTAssertGreaterThan(report.counts.mainJobs, 0)
  }
}
