// One asset download through AssetInventory in a simulation: 3 s of virtual time in 10 progress
// steps, with the ledger lease, trace events and Progress updates. (The speech detector's analysis
// is reachable only through package API until SpeechAnalyzer feeds it; benchmark it through the
// analyzer then.) Run from Benchmarks/:
//   swift package --allow-writing-to-package-directory benchmark --target SpeechAssets
import Benchmark
import Foundation
import SimulatedDevice
import Simulation
import SpeechShim

let benchmarks: @Sendable () -> Void = {
  Benchmark(
    "asset download 3 s in 10 steps (simulated)",
    configuration: .init(metrics: [.wallClock, .mallocCountTotal], timeUnits: .microseconds, warmupIterations: 2, maxDuration: .seconds(10), maxIterations: 200)
  ) { benchmark in
    for _ in benchmark.scaledIterations {
      let device = SimulatedDevice(configuration: .init(assets: .init(installedLocales: [], reservedLocales: [])))
      let report = try SimulatedDevice.withDevice(device) {
        try Simulation.run(.init(name: "benchmark download", seed: 1)) {
          let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .transcription)
          try await AssetInventory.assetInstallationRequest(supporting: [transcriber])?.downloadAndInstall()
        }
      }
      guard report.outcome == .finished, report.virtualTime == .seconds(3) else { fatalError("benchmark run went wrong: \(report.outcome)") }
      blackHole(report)
    }
  }
}
