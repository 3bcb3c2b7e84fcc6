import Simulation

/// Configuration for tests: waits its turn, because `swift test` runs every suite of every test
/// target in one process and the simulation hooks allow one run at a time.
func testConfiguration(
  _ name: String, seed: UInt64 = 1, watchdog: Duration? = .seconds(30),
  virtualTimeLimit: Duration? = .seconds(24 * 3600),
  escapePolicy: Simulation.Configuration.EscapePolicy = .tolerate()
) -> Simulation.Configuration {
  Simulation.Configuration(
    name: name, seed: seed, watchdog: watchdog, virtualTimeLimit: virtualTimeLimit,
    escapePolicy: escapePolicy, exclusivity: .waitForTurn(timeout: .seconds(300)))
}

/// Holds a continuation that nobody resumes, to build deadlocks on purpose.
final class ContinuationHolder: @unchecked Sendable {
  var continuation: UnsafeContinuation<Void, Never>?
}

/// The virtual time of the running simulation (zero outside a run).
var virtualNow: Duration { Simulation.current?.now ?? .zero }
