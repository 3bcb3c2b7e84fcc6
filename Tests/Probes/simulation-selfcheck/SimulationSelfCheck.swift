import Foundation
import Simulation
import SimulationWorkloads

/// Runs the racy reference workload once in a simulation and prints `hash=<trace hash>` (and the
/// outcome), so tests can compare hashes across processes.
///
/// Usage: `simulation-selfcheck [seed [quantum-ms]]` (default seed 1, the workload's real-clock quantum), or `simulation-selfcheck block`, which runs
/// a body that blocks its thread, to show that the watchdog ends the process (status 124).
@main
enum SimulationSelfCheck {
  static func main() {
    let arguments = CommandLine.arguments.dropFirst()
    if arguments.first == "block" { blockForever() }
    guard let seed = UInt64(arguments.first ?? "1"),
      let quantum = Int(arguments.dropFirst().first ?? String(Int(RacyWorkload.realClockQuantum / .milliseconds(1)))),
      quantum > 0
    else {
      FileHandle.standardError.write(
        Data(
          "simulation-selfcheck: usage: simulation-selfcheck [seed [quantum-ms]], both positive integers; got \(Array(arguments))\n"
            .utf8))
      exit(2)
    }
    do {
      let configuration = Simulation.Configuration(
        name: "selfcheck", seed: seed, realClockQuantum: .milliseconds(quantum))
      let report = try Simulation.run(configuration) {
        await RacyWorkload.run()
      }
      print(
        "hash=\(report.traceHash) events=\(report.trace.count) outcome=\(report.outcome) escapes=\(report.escapes.count)"
      )
      exit(report.outcome == .finished && report.isDeterministic ? 0 : 1)
    } catch {
      FileHandle.standardError.write(Data("simulation-selfcheck: \(error)\n".utf8))
      exit(1)
    }
  }

  /// A job that blocks the simulation thread forever: only the blocked-job watchdog can end it.
  static func blockForever() -> Never {
    let configuration = Simulation.Configuration(
      name: "blocked", watchdog: .milliseconds(100), blockedJobGrace: .milliseconds(100))
    _ = try? Simulation.run(configuration) {
      DispatchSemaphore(value: 0).wait()
    }
    FileHandle.standardError.write(Data("simulation-selfcheck: the blocked run returned, which it must not\n".utf8))
    exit(1)
  }
}
