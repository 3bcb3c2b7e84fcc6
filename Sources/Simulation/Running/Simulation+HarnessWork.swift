extension Simulation {
  /// Runs work the harness does on the subject's behalf inside a main-actor job — finishing a
  /// `run --capture` file, say — without counting its wall time as the subject holding the main
  /// actor (``Report/mainActorHangs``). Outside a simulation it just runs `body`.
  /// - Parameter body: The harness's work.
  /// - Returns: What `body` returns.
  public static func harnessWork<Result>(_ body: () throws -> Result) rethrows -> Result {
    guard let engine = engineOnThisThread else { return try body() }
    let started = ContinuousClock.now
    defer { engine.harnessWallTime += started.duration(to: .now) }
    return try body()
  }
}
