/// Why a simulation could not be started, or why its result is not usable.
///
/// Every message says what went wrong and how to fix it.
public enum SimulationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// Another simulation holds the process-wide turn (the runtime hooks are process-global).
  case anotherSimulationIsRunning(running: String, requested: String)
  /// Waiting for the process-wide turn took longer than the configured timeout.
  case timedOutWaitingForTurn(running: String, requested: String, waited: Duration)
  /// `Simulation.run` was called from inside a running simulation.
  case nestedRun(requested: String)
  /// The concurrency runtime does not export a hook this module needs.
  case runtimeHookMissing(String)
  /// The run ended without its body finishing (deadlock, watchdog, limit or escape).
  case runDidNotFinish(name: String, outcome: String)

  public var description: String {
    switch self {
    case .anotherSimulationIsRunning(let running, let requested):
      return "Simulation '\(requested)' cannot start: simulation '\(running)' is running in this process "
        + "and the runtime hooks allow one at a time. Use `Configuration.exclusivity = .waitForTurn(timeout:)` "
        + "to queue behind it, mark Swift Testing suites that simulate `.serialized`, or run simulations "
        + "in separate processes."
    case .timedOutWaitingForTurn(let running, let requested, let waited):
      return "Simulation '\(requested)' waited \(waited) for its turn, but simulation '\(running)' still runs. "
        + "Raise the timeout in `Configuration.exclusivity`, or look for a run that never ends "
        + "(its watchdog should stop it)."
    case .nestedRun(let requested):
      return "Simulation '\(requested)' was started from inside a running simulation. Runs cannot nest: "
        + "call `Simulation.run` from ordinary (non-simulated) code, or do the work in the running body."
    case .runtimeHookMissing(let name):
      return "The Swift concurrency runtime does not export '\(name)'. This module needs Swift 6.3 on "
        + "Linux or macOS; check the toolchain version (see Documentation/Simulation.md)."
    case .runDidNotFinish(let name, let outcome):
      return "Simulation '\(name)' did not finish its body: \(outcome)"
    }
  }
}
