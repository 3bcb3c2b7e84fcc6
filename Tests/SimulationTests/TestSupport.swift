import Simulation
import SpeechReplayTestSupport

/// Configuration for tests: waits its turn, because `swift test` runs every suite of every test
/// target in one process and the simulation hooks allow one run at a time.
///
/// The real-clock quantum is 10 ms here, not the default 1 ms: a real-clock sleep's delay is
/// measured a few microseconds after the runtime read the clock, and if the thread is preempted
/// for a whole quantum in that window the sleep lands one quantum early (seen about once in 1500
/// sleeps with two busy processes on the 2-core machine, never on an idle one). Every duration the
/// tests sleep on real clocks is a multiple of 10 ms, so the larger quantum changes no expected
/// value and makes the determinism checks hold on a loaded CI machine. The 1 ms default itself is
/// tested in `VirtualTimeTests`. See Documentation/Simulation.md, "Limits".
func testConfiguration(
  _ name: String, seed: UInt64 = 1, watchdog: Duration? = .seconds(30),
  virtualTimeLimit: Duration? = .seconds(24 * 3600),
  escapePolicy: Simulation.Configuration.EscapePolicy = .tolerate(),
  realClockQuantum: Duration = .milliseconds(10)
) -> Simulation.Configuration {
  Simulation.Configuration(
    name: name, seed: seed, watchdog: watchdog, virtualTimeLimit: virtualTimeLimit,
    escapePolicy: escapePolicy, realClockQuantum: realClockQuantum,
    exclusivity: .waitForTurn(timeout: TestSimulation.turnTimeout))
}

/// Holds a continuation that nobody resumes, to build deadlocks on purpose.
final class ContinuationHolder: @unchecked Sendable {
  var continuation: UnsafeContinuation<Void, Never>?
}

/// The virtual time of the running simulation (zero outside a run).
var virtualNow: Duration { Simulation.current?.now ?? .zero }
