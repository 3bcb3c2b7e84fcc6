import SpeechReplay

extension ScenarioEngine {
  /// An engine over a runner and its subject: how the command line is wired to the runner.
  ///
  /// - Parameter runner: The runner that loads, runs and explains scenarios.
  /// - Returns: An engine whose `name` and `explain` throw ``ScenarioError`` for an invalid file.
  package static func runner(_ runner: ScenarioRunner) -> ScenarioEngine {
    ScenarioEngine(
      name: { file in try LoadedScenarios.load(fileAt: file).name },
      run: { file, seed in runner.run(fileAt: file, seed: seed) },
      explain: { file, seed in
        // Loading first turns an invalid file into an error (a non-zero exit) rather than text; the
        // loaded scenario is the one explained, so the file is parsed once.
        runner.explain(try Scenario.load(fileAt: file, limits: runner.limits), seed: seed)
      })
  }
}
