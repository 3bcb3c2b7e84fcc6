// Exploration throughput (issue 15): seeded perturbed runs of Scenarios/hello-world.yaml and
// Scenarios/two-commands.yaml on the reference stack, in this process, shrinking nothing:
//
//   cd Benchmarks && swift package --allow-writing-to-package-directory benchmark --target Explore
//
// One iteration is 40 runs; runs per second = 40 ÷ the iteration's wall time (the worker-process
// figure, with process start-up, is in Documentation/Explore.md).
import Benchmark
import Foundation
import ReferenceSubjects

/// The bundled scenario files the exploration starts from.
let exploreScenarios: [String] = {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  return ["hello-world.yaml", "two-commands.yaml"].map { root.appendingPathComponent("Scenarios").appendingPathComponent($0).path }
}()

/// Runs per iteration.
let exploreRuns = 40

let benchmarks: @Sendable () -> Void = {
  Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .cpuTotal], warmupIterations: 1, maxDuration: .seconds(60), maxIterations: 5)

  Benchmark("explore 40 runs (hello-world, two-commands)") { benchmark in
    for _ in benchmark.scaledIterations {
      let done = try await ExplorationWorkload.explore(files: exploreScenarios, runs: exploreRuns, seed: 1)
      precondition(done.runs == exploreRuns, "explored \(done.runs) of \(exploreRuns) runs")
      blackHole(done)
    }
  }
}
