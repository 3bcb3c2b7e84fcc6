// The simulation loop on the feasibility study's 60 s workload: a producer sending 3000 "audio
// buffers" of 20 ms through an AsyncStream, a recognizer actor, a main-actor model and four noise
// tasks. Reports wall time, virtual seconds per wall second (compression) and wall nanoseconds per
// job. Run from Benchmarks/:
//   swift package --allow-writing-to-package-directory benchmark --target SimulationLoop
import Benchmark
import Simulation
import SimulationWorkloads

let compression = BenchmarkMetric.custom("virtual s per wall s", polarity: .prefersLarger, useScalingFactor: false)
let nanosecondsPerJob = BenchmarkMetric.custom("wall ns per job", polarity: .prefersSmaller, useScalingFactor: false)
let jobsPerRun = BenchmarkMetric.custom("jobs per run", polarity: .prefersSmaller, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal, compression, nanosecondsPerJob, jobsPerRun],
    timeUnits: .milliseconds, warmupIterations: 2, maxDuration: .seconds(10), maxIterations: 50)

  for sleep in TranscriptionPipelineWorkload.SleepKind.allCases {
    Benchmark("pipeline 60 s (\(sleep.rawValue))", configuration: configuration) { benchmark in
      for _ in benchmark.scaledIterations {
        let report = try Simulation.run(.init(name: "benchmark", seed: 1)) {
          await TranscriptionPipelineWorkload.run(seconds: 60, sleep: sleep)
        }
        guard report.outcome == .finished else { fatalError("benchmark run did not finish: \(report.outcome)") }
        let wall = Double(report.wallTime.components.attoseconds) / 1e18 + Double(report.wallTime.components.seconds)
        let virtual = Double(report.virtualTime.components.attoseconds) / 1e18
          + Double(report.virtualTime.components.seconds)
        benchmark.measurement(compression, Int(virtual / wall))
        benchmark.measurement(nanosecondsPerJob, Int(wall * 1e9 / Double(max(1, report.counts.jobs))))
        benchmark.measurement(jobsPerRun, report.counts.jobs)
        blackHole(report)
      }
    }
  }
}
