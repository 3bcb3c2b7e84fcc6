import Foundation
import Simulation
import Testing

@Suite(.serialized) struct ResourceLedgerTests {
  final class Node {
    let tracker = LiveObjectTracker(Node.self)
    var next: Node?
  }

  final class Leaf {
    let tracker = LiveObjectTracker(Leaf.self)
  }

  @Test func acquireAndReleaseCountPerKind() throws {
    let ledger = ResourceLedger()
    let tap = ledger.acquire(.installedTaps, label: "bus 0")
    let engine = ledger.acquire(.runningEngines, label: "engine")
    #expect(ledger.count(of: .installedTaps) == 1)
    #expect(ledger.openResources == ["installed taps: bus 0", "running engines: engine"])
    try tap.release()
    #expect(ledger.count(of: .installedTaps) == 0)
    #expect(ledger.count(of: .runningEngines) == 1)
    #expect(!engine.isReleased)
  }

  @Test func doubleReleaseIsCaughtWithAClearMessage() throws {
    let ledger = ResourceLedger()
    let lease = ledger.acquire(.unfinishedContinuations, label: "results")
    try lease.release()
    #expect(throws: LedgerError.self) { try lease.release() }
    do {
      try lease.release()
    } catch {
      #expect(error.message.contains("'unfinished continuations' labelled 'results' was released twice"))
    }
    #expect(ledger.count(of: .unfinishedContinuations) == 0, "a double release must not drive the count negative")
  }

  @Test func retainCycleShowsAsGrowthOfItsType() throws {
    let report = try Simulation.run(testConfiguration("retain cycle")) {
      for _ in 0..<3 {
        let a = Node()
        let b = Node()
        a.next = b
        b.next = a  // cycle: never freed
        _ = Leaf()  // freed at once
      }
    }
    let growth = report.ledgerGrowth
    #expect(growth.objects == [String(reflecting: Node.self): 6])
    #expect(growth.grown == ["type '\(String(reflecting: Node.self))'"])
    #expect(LiveObjectTracker.liveCount(of: Leaf.self) == 0)
  }

  /// What a run leaves for the test to look at afterwards (written on the simulation thread only).
  final class RunOutput: @unchecked Sendable {
    var scope: UInt64 = 0
    var kept: [Node] = []
  }

  @Test func objectsCountPerSimulationOnlyWhenCreatedOnItsThread() throws {
    // Made outside any simulation (as a test running in parallel would): process-wide only.
    let outsider = Node()
    let output = RunOutput()
    _ = try Simulation.run(testConfiguration("scoped objects")) {
      output.scope = Simulation.current?.objectScope ?? 0
      output.kept = [Node(), Node()]
    }
    let scope = output.scope
    #expect(scope != 0)
    #expect(LiveObjectTracker.liveCounts(createdIn: scope)[String(reflecting: Node.self)] == 2)
    #expect(LiveObjectTracker.liveCount(of: Node.self) >= 3)
    let other = RunOutput()
    _ = try Simulation.run(testConfiguration("another run")) {
      other.scope = Simulation.current?.objectScope ?? 0
    }
    #expect(other.scope != scope)
    output.kept.removeAll()
    #expect(LiveObjectTracker.liveCounts(createdIn: scope)[String(reflecting: Node.self)] == nil)
    withExtendedLifetime(outsider) {}
  }

  @Test func snapshotIsCodableAndMeasuresMemory() throws {
    let ledger = ResourceLedger()
    _ = ledger.acquire(.tasks, label: "t")
    let snapshot = ledger.snapshot()
    let decoded = try JSONDecoder().decode(LedgerSnapshot.self, from: JSONEncoder().encode(snapshot))
    #expect(decoded == snapshot)
    #expect(snapshot.resources == ["tasks": 1])
    #if os(Linux)
      #expect(snapshot.heapInUse > 0)
      #expect(snapshot.residentBytes > 0)
    #endif
  }

  @Test func diffReportsGrowthAndShrinkage() {
    let before = LedgerSnapshot(
      resources: ["taps": 1, "engines": 1], objects: ["A": 2], heapInUse: 100, residentBytes: 10)
    let after = LedgerSnapshot(
      resources: ["taps": 3, "engines": 1], objects: ["A": 1, "B": 1], heapInUse: 150, residentBytes: 10)
    let diff = LedgerSnapshot.diff(before, after)
    #expect(diff.resources == ["taps": 2])
    #expect(diff.objects == ["A": -1, "B": 1])
    #expect(diff.heapGrowth == 50)
    #expect(diff.grown == ["resource 'taps'", "type 'B'"])
  }

  @Test func ledgerEventsAreTraced() throws {
    let report = try Simulation.run(testConfiguration("ledger trace")) {
      let lease = Simulation.current!.ledger.acquire(.runningEngines, label: "main")
      try? await VirtualClock().sleep(for: .milliseconds(5))
      try? lease.release()
    }
    #expect(
      report.trace.map(\.canonicalLine) == [
        "#0 0.000000000 ledger.acquire kind=\"running engines\" label=main",
        "#1 0.005000000 ledger.release kind=\"running engines\" label=main",
      ])
  }
}
