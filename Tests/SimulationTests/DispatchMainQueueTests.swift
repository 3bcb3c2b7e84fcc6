import Dispatch
import Foundation
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

  /// A system notification (an interruption) observed with `queue: .main`, as apps write it:
  /// Foundation adds the block to `OperationQueue.main` and waits for it, which on the simulation's
  /// one thread waited for itself (the run froze). It runs as main-actor work before the post returns.
  @Test func aQueueMainObserverOfASystemPostRunsBeforeThePostReturns() throws {
    let report = try Simulation.run(testConfiguration("system post")) { () -> [String] in
      let log = UIBoard()
      let center = NotificationCenter()
      let name = Notification.Name("SystemPostTest")
      let token = center.addObserver(forName: name, object: nil, queue: .main) { _ in
        MainActor.assertIsolated()
        log.show("observer")
      }
      await Task.detached {
        Simulation.postAsTheSystem { center.post(name: name, object: nil) }
        log.show("posted")
      }.value
      center.removeObserver(token)
      return log.lines
    }
    #expect(report.outcome == .finished)
    #expect(report.value == ["observer", "posted"])
    #expect(report.isDeterministic, "\(report.escapes)")
  }

  /// Main-actor code runs on the main thread on a device: Foundation says so (`Thread.isMainThread`,
  /// `OperationQueue.current`), so an app's own post from the main actor reaches a `queue: .main`
  /// observer at once; code off the main actor is not on the main thread.
  @Test func mainActorCodeIsOnTheMainThreadForFoundation() throws {
    let report = try Simulation.run(testConfiguration("main thread")) { () -> [String] in
      let log = UIBoard()
      let center = NotificationCenter()
      let name = Notification.Name("AppPostTest")
      let token = center.addObserver(forName: name, object: nil, queue: .main) { _ in log.show("observer") }
      await MainActor.run {
        log.show(
          "main thread: \(Thread.isMainThread), current is main: \(OperationQueue.current == OperationQueue.main)")
        center.post(name: name, object: nil)
        log.show("posted")
      }
      await Task.detached { log.show("detached on the main thread: \(Thread.isMainThread)") }.value
      center.removeObserver(token)
      return log.lines
    }
    #expect(
      report.value == [
        "main thread: true, current is main: true", "observer", "posted", "detached on the main thread: false",
      ], "\(report.value ?? [])")
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
