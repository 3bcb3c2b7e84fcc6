internal import Foundation

/// The process-wide lock that lets one simulation run at a time (the runtime hooks are global).
final class SimulationTurnstile: @unchecked Sendable {
  static let shared = SimulationTurnstile()

  private let condition = NSCondition()
  private var busy = false
  private var holder = ""

  /// Takes the turn, failing or waiting when another run holds it.
  func acquire(name: String, policy: Simulation.Configuration.Exclusivity) throws(SimulationError) {
    condition.lock()
    defer { condition.unlock() }
    switch policy {
    case .failIfBusy:
      if busy { throw .anotherSimulationIsRunning(running: holder, requested: name) }
    case .waitForTurn(let timeout):
      let deadline = Date(timeIntervalSinceNow: timeout.seconds)
      while busy {
        if !condition.wait(until: deadline) && busy {
          throw .timedOutWaitingForTurn(running: holder, requested: name, waited: timeout)
        }
      }
    }
    busy = true
    holder = name
  }

  /// Gives the turn to the next waiting run.
  func release() {
    condition.lock()
    busy = false
    holder = ""
    condition.broadcast()
    condition.unlock()
  }
}
