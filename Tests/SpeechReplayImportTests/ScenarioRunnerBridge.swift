import ReferenceSubjects
import SpeechReplay

/// Runs a scenario file with the reference stack.
enum ScenarioRunnerBridge {
  static func run(_ path: String) -> (passed: Bool, failures: [String]) {
    let result = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    return (result.status == .passed, result.failures.map(\.description))
  }
}
