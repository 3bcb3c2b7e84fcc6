import Dispatch
import Foundation
import Simulation
import Testing

/// One simulation per process: a second concurrent run fails with a typed error, or waits its turn.
@Suite(.serialized) struct ExclusivityTests {
  @Test func nestedRunThrows() throws {
    let report = try Simulation.run(testConfiguration("outer")) { () -> String in
      do throws(SimulationError) {
        _ = try Simulation.run(.init(name: "inner")) { 1 }
        return "no error"
      } catch {
        return error.description
      }
    }
    #expect(report.value?.contains("Simulation 'inner' was started from inside a running simulation") == true)
  }

  @Test func concurrentRunFailsWhenBusy() throws {
    let report = try Simulation.run(testConfiguration("holder")) { () -> SimulationError? in
      // Try a second run from another thread while this one holds the turn, and join it.
      let done = DispatchSemaphore(value: 0)
      let box = ErrorBox()
      Thread.detachNewThread {
        do throws(SimulationError) {
          _ = try Simulation.run(.init(name: "intruder", exclusivity: .failIfBusy)) { 1 }
        } catch {
          box.error = error
        }
        done.signal()
      }
      done.wait()
      return box.error
    }
    #expect(report.value == SimulationError.anotherSimulationIsRunning(running: "holder", requested: "intruder"))
    #expect(report.value??.description.contains("`.serialized`") == true)
  }

  @Test func waitingRunStartsAfterTheActiveOneEnds() throws {
    let order = OrderLog()
    let finished = DispatchSemaphore(value: 0)
    let first = try Simulation.run(testConfiguration("first")) {
      Thread.detachNewThread {
        let second = try? Simulation.run(.init(name: "second", exclusivity: .waitForTurn(timeout: .seconds(60)))) {
          order.append("second ran")
          return 2
        }
        order.append("second returned \(second?.value ?? -1)")
        finished.signal()
      }
      try? await Task.sleep(for: .seconds(3))
      order.append("first ending")
      return 1
    }
    finished.wait()
    #expect(first.value == 1)
    #expect(order.entries == ["first ending", "second ran", "second returned 2"])
  }

  @Test func waitingGivesUpAfterItsTimeout() throws {
    let report = try Simulation.run(testConfiguration("long holder")) { () -> SimulationError? in
      let done = DispatchSemaphore(value: 0)
      let box = ErrorBox()
      Thread.detachNewThread {
        do throws(SimulationError) {
          _ = try Simulation.run(.init(name: "impatient", exclusivity: .waitForTurn(timeout: .milliseconds(20)))) { 1 }
        } catch {
          box.error = error
        }
        done.signal()
      }
      done.wait()
      return box.error
    }
    #expect(
      report.value
        == SimulationError.timedOutWaitingForTurn(
          running: "long holder", requested: "impatient", waited: .milliseconds(20)))
  }
}

final class ErrorBox: @unchecked Sendable {
  var error: SimulationError?
}

final class OrderLog: @unchecked Sendable {
  private let lock = NSLock()
  private var storage: [String] = []
  func append(_ entry: String) { lock.withLock { storage.append(entry) } }
  var entries: [String] { lock.withLock { storage } }
}
