import Simulation
import SpeechReplay

/// What one scenario run left alive in its worker process after it ended: tracked objects (the
/// twins' engines, analyzers, transcribers and converters, an app's `LeakTracker` types) that
/// outlived the run's simulation.
///
/// Every run builds its simulation, device and subject afresh, and a run that frees what it made
/// leaves nothing. One that does not — a subject kept alive by its own tap block, observer or
/// task — still holds what it made: an engine that restarts, tasks and timers that go on (its
/// `NotificationCenter` observers no longer hear another run's notifications: `RunScopedObservers`
/// in the simulation). No one can reach those from
/// outside to reset them, so a reused worker that ran such a scenario is replaced
/// (``WorkerCommand/retireRequest``) and the scenario that made the leftovers says so in a
/// `run.leftovers` warning; the next scenario runs in a new process, as it would have alone.
struct RunLeftovers: Sendable {
  /// Live tracked objects by type name before the run.
  private let before: [String: Int]

  /// Counts the live tracked objects now, before a run.
  init() {
    before = LiveObjectTracker.liveCounts()
  }

  /// The tracked types with more live objects now than before the run, with how many more, by name.
  func grown() -> [(name: String, count: Int)] {
    LiveObjectTracker.liveCounts().sorted { $0.key < $1.key }.compactMap { name, now in
      let more = now - before[name, default: 0]
      return more > 0 ? (name, more) : nil
    }
  }

  /// The `run.leftovers` warning for what the run left alive; nil when it left nothing.
  func warning() -> ScenarioFailure? {
    let grown = grown()
    guard !grown.isEmpty else { return nil }
    let objects = grown.map { "\($0.name) ×\($0.count)" }.joined(separator: ", ")
    return ScenarioFailure(
      "the run left objects alive after it ended (\(objects)): something outside the run holds them, such as a "
        + "subject kept by its own tap block, observer or task, and with them whatever they made (an "
        + "engine that restarts, a task or timer that goes on). A reused worker that ran this "
        + "scenario is replaced, so no later scenario sees them; capture the subject weakly and remove taps and "
        + "observers when it goes away",
      check: CheckID(.run, "leftovers"))
  }
}
