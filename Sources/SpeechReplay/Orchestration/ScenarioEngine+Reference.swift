import Foundation

extension ScenarioEngine {
  /// The engine the command line uses: the scenario runner driving the reference stack
  /// (module LiveTranscription).
  ///
  /// This is the one place the CLI is wired to the runner.
  ///
  /// > Warning: Until the runner (`ScenarioRunner`, branch `scenarios`) is merged, this engine
  /// > names scenarios after their files and reports every run as failed with a message saying so.
  public static var reference: ScenarioEngine {
    ScenarioEngine(
      name: { file in
        guard FileManager.default.isReadableFile(atPath: file) else {
          throw OrchestrationError(.missingScenarios, "\(file): cannot read this file; check the path and its permissions")
        }
        return SuitePlan.fallbackName(for: file)
      },
      run: { file, seed in
        ScenarioResult(
          name: SuitePlan.fallbackName(for: file), file: file, status: .failed, seed: seed ?? 0,
          failures: [ScenarioFailure("\(file): this build of speech-replay has no scenario runner yet; build it from a branch that includes the runner")])
      },
      explain: { file, _ in
        throw OrchestrationError(.missingScenarios, "\(file): this build of speech-replay has no scenario runner yet; build it from a branch that includes the runner")
      })
  }
}
