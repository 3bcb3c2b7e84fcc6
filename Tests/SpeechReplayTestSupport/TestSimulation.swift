import SimulatedDevice
import Simulation

/// Runs of the simulation inside `swift test`, with one turn policy: `swift test` runs every suite
/// of every test target in one process and the simulation allows one run at a time, so a test's run
/// waits its turn (for up to ``turnTimeout``) rather than failing.
package enum TestSimulation {
  /// How long a run waits for the one before it.
  package static let turnTimeout: Duration = .seconds(300)

  /// A configuration that waits its turn.
  package static func configuration(_ name: String, seed: UInt64 = 1) -> Simulation.Configuration {
    Simulation.Configuration(name: name, seed: seed, exclusivity: .waitForTurn(timeout: turnTimeout))
  }

  /// Runs `body` in a simulation, on `device` (installed as the current device) when given.
  /// - Parameters:
  ///   - name: The run's name, for its report.
  ///   - seed: The run's seed.
  ///   - device: The simulated device, or nil for none.
  ///   - body: What runs in virtual time.
  /// - Returns: The run's report.
  package static func run<Value: Sendable>(
    _ name: String, seed: UInt64 = 1, on device: SimulatedDevice? = nil,
    _ body: @escaping @Sendable () async throws -> Value
  ) throws -> Simulation.Report<Value> {
    guard let device else { return try Simulation.run(configuration(name, seed: seed), body) }
    return try SimulatedDevice.withDevice(device) { try Simulation.run(configuration(name, seed: seed), body) }
  }
}
