import Dispatch
import Simulation
import Synchronization
import Testing

/// `DispatchQueue.main` inside a run: blocks run as main-actor work in virtual time, in order, the
/// same way every run; `asyncAfter` fires at its virtual deadline; global queues are an escape.
@Suite(.serialized) struct DispatchMainQueueTests {
  /// A stack that publishes UI state the way apps do: results arrive on a task, the UI is updated
  /// with `DispatchQueue.main.async`.
  private static func publishesWithMainQueue() async -> [String] {
    let ui = UIBoard()
    let trace = Simulation.current!.trace
    let (results, continuation) = AsyncStream.makeStream(of: Int.self)
    let producer = Task.detached {
      for index in 0..<5 {
        try? await Task.sleep(for: .milliseconds(100))
        continuation.yield(index)
      }
      continuation.finish()
    }
    for await index in results {
      DispatchQueue.main.async {
        ui.show("result \(index) at \(Simulation.current!.now)")
        trace.record(.note, ["text": "ui \(index)"])
      }
    }
    await producer.value
    // The last block was queued behind this task's own main-actor hops: wait for it in virtual time.
    try? await Task.sleep(for: .milliseconds(10))
    return ui.lines
  }

  @Test func mainQueueBlocksRunInVirtualTimeInOrderAndTheSameEveryRun() throws {
    var hashes = Set<String>()
    for _ in 0..<5 {
      let report = try Simulation.run(testConfiguration("main queue")) { await Self.publishesWithMainQueue() }
      #expect(report.outcome == .finished)
      #expect(report.isDeterministic, "\(report.escapes)")
      #expect(
        report.value == (0..<5).map { "result \($0) at \(Duration.milliseconds(100 * ($0 + 1)))" },
        "\(report.value ?? [])")
      #expect(report.counts.dispatchBlocks == 5)
      #expect(report.trace.filter { $0.kind == .dispatchBlock }.count == 5)
      hashes.insert(report.traceHash)
    }
    #expect(hashes.count == 1, "\(hashes)")
  }

  @Test func aSilenceTimerOnTheMainQueueFiresAtItsVirtualTime() throws {
    let report = try Simulation.run(testConfiguration("silence timer")) { () -> Duration? in
      let fired = Mutex<Duration?>(nil)
      DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
        MainActor.assertIsolated()
        fired.withLock { $0 = Simulation.current?.now }
      }
      try? await Task.sleep(for: .seconds(3))
      return fired.withLock { $0 }
    }
    #expect(report.value == .some(.seconds(2)), "\(String(describing: report.value))")
    #expect(report.virtualTime == .seconds(3))
    #expect(report.isDeterministic)
  }

  @Test func blocksRunAsMainActorWork() throws {
    let report = try Simulation.run(testConfiguration("isolation")) { () -> Bool in
      await withCheckedContinuation { continuation in
        DispatchQueue.main.async {
          MainActor.assertIsolated()
          continuation.resume(returning: true)
        }
      }
    }
    #expect(report.value == true)
    #expect(report.counts.mainJobs >= 1)
  }

  @Test func mainSyncFromOffTheMainActorRunsTheBlockNow() throws {
    let report = try Simulation.run(testConfiguration("sync")) { () -> [String] in
      let log = UIBoard()
      await Task.detached {
        log.show("before")
        DispatchQueue.main.sync { log.show("in sync") }
        log.show("after")
      }.value
      return log.lines
    }
    #expect(report.value == ["before", "in sync", "after"])
  }

  @Test func globalQueueWorkIsReportedAsAnEscapeNamingTheCall() throws {
    let report = try Simulation.run(testConfiguration("global")) { () -> Bool in
      await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: true) }
      }
    }
    #expect(report.escapes.map(\.kind).contains(.dispatchGlobalQueue), "\(report.escapes)")
    #expect(!report.isDeterministic)
    #expect(Simulation.Escape.Kind.dispatchGlobalQueue.advice.contains("DispatchQueue.global()"))
    let diagnostic = report.trace.first { $0.kind == .diagnostic }
    #expect(diagnostic?["message"]?.contains("DispatchQueue.global().async") == true)
  }
}

/// What a UI showed, in order.
private final class UIBoard: Sendable {
  private let shown = Mutex<[String]>([])
  func show(_ line: String) { shown.withLock { $0.append(line) } }
  var lines: [String] { shown.withLock { $0 } }
}
