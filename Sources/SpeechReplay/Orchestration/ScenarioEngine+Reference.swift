extension ScenarioEngine {
  /// The engine the command line uses: ``ScenarioRunner`` with its standard subject (the reference
  /// stack once its adapter is merged).
  ///
  /// This is the one place the CLI is wired to the runner.
  public static var reference: ScenarioEngine { runner(ScenarioRunner()) }

  /// An engine over a runner, for a runner with another subject (an app's own stack).
  ///
  /// - Parameter runner: The runner that loads, runs and explains scenarios.
  /// - Returns: An engine whose `name` and `explain` throw ``ScenarioError`` for an invalid file.
  public static func runner(_ runner: ScenarioRunner) -> ScenarioEngine {
    ScenarioEngine(
      name: { file in try Scenario.load(fileAt: file).name },
      run: { file, seed in runner.run(fileAt: file, seed: seed) },
      explain: { file, seed in
        // Loading first turns an invalid file into an error (a non-zero exit) rather than text.
        _ = try Scenario.load(fileAt: file)
        return runner.explain(fileAt: file, seed: seed)
      })
  }
}
