// swift-tools-version: 6.1
// Benchmarks for speech-replay (ordo-one/package-benchmark), kept out of the main package so that
// `swift test` does not build the benchmark tooling. Run from this folder:
//   swift package --allow-writing-to-package-directory benchmark
import PackageDescription

let package = Package(
  name: "speech-replay-benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "speech-replay", path: ".."),
    .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // The raw C baseline for the converter benchmark: libsamplerate called directly, no wrapper.
    .systemLibrary(name: "CSampleRateRaw", path: "Sources/CSampleRateRaw", pkgConfig: "samplerate"),
    // The same for libsoxr, the default engine.
    .systemLibrary(name: "CSoxrRaw", path: "Sources/CSoxrRaw", pkgConfig: "soxr"),
    // The reference stack's subjects and the simulation's reference workloads come from the main
    // package's underscored product `_BenchmarkWorkloads` (not API).
    .executableTarget(
      name: "AudioConversion",
      dependencies: [
        "CSampleRateRaw", "CSoxrRaw",
        .product(name: "AudioPCM", package: "speech-replay"),
        .product(name: "Benchmark", package: "package-benchmark"),
      ],
      path: "Benchmarks/AudioConversion",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    // Exploration throughput: perturbed runs per second on the reference stack, in process.
    .executableTarget(
      name: "Explore",
      dependencies: [
        .product(name: "_BenchmarkWorkloads", package: "speech-replay"),
        .product(name: "Benchmark", package: "package-benchmark"),
      ],
      path: "Benchmarks/Explore",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    .executableTarget(
      name: "SimulationLoop",
      dependencies: [
        .product(name: "Simulation", package: "speech-replay"),
        .product(name: "_BenchmarkWorkloads", package: "speech-replay"),
        .product(name: "Benchmark", package: "package-benchmark"),
      ],
      path: "Benchmarks/SimulationLoop",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    .executableTarget(
      name: "SpeechAssets",
      dependencies: [
        .product(name: "Simulation", package: "speech-replay"),
        .product(name: "SimulatedDevice", package: "speech-replay"),
        .product(name: "SpeechShim", package: "speech-replay"),
        .product(name: "Benchmark", package: "package-benchmark"),
      ],
      path: "Benchmarks/SpeechAssets",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    // The capture recorder: its cost per tap buffer as a share of one core, and a 10-minute capture's size.
    .executableTarget(
      name: "CaptureRecorder",
      dependencies: [
        .product(name: "SpeechReplayCapture", package: "speech-replay"),
        .product(name: "Benchmark", package: "package-benchmark"),
      ],
      path: "Benchmarks/CaptureRecorder",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    // `capture import` of a 10-minute capture and voice-activity detection of a 10-minute file (each ≤ 10 s).
    .executableTarget(
      name: "CaptureImport",
      dependencies: [
        .product(name: "SpeechReplayCapture", package: "speech-replay"),
        .product(name: "SpeechReplayImport", package: "speech-replay"),
        .product(name: "SpeechShim", package: "speech-replay"),
        .product(name: "Benchmark", package: "package-benchmark"),
      ],
      path: "Benchmarks/CaptureImport",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
    // The harness end to end: the bundled suite in-process, a 60 s scenario against converting its
    // audio alone, 1000 start/stop cycles of the reference stack (bare, and hearing 200 ms of
    // audio each) and ten minutes of silence at 48 kHz.
    .executableTarget(
      name: "ScenarioSuite",
      dependencies: [
        .product(name: "SpeechReplay", package: "speech-replay"),
        .product(name: "_BenchmarkWorkloads", package: "speech-replay"),
        .product(name: "AudioPCM", package: "speech-replay"),
        .product(name: "SimulatedDevice", package: "speech-replay"),
        .product(name: "Benchmark", package: "package-benchmark"),
      ],
      path: "Benchmarks/ScenarioSuite",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]),
  ]
)
