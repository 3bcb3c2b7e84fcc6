// swift-tools-version: 6.1
// speech-replay: a record-and-replay test harness and simulator for live speech-to-text
// stacks built on Apple's SpeechAnalyzer. Layers (dependencies point down only) are listed in
// Documentation/Architecture.md; benchmarks are a separate package in Benchmarks/.
import PackageDescription

// Tests that state Apple's behaviour compile against Apple's frameworks instead of the twins when
// SPEECH_REPLAY_TEST_AGAINST_APPLE=1 on a Mac (see Documentation/Twins.md).
let appleFrameworkTests: [SwiftSetting] =
  Context.environment["SPEECH_REPLAY_TEST_AGAINST_APPLE"] == "1"
  ? [.define("SPEECH_REPLAY_APPLE_FRAMEWORKS", .when(platforms: [.macOS, .iOS]))] : []

let package = Package(
  name: "speech-replay",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "speech-replay", targets: ["speech-replay"]),
    .library(name: "AudioPCM", targets: ["AudioPCM"]),
    .library(name: "Simulation", targets: ["Simulation"]),
    .library(name: "CoreMediaTwin", targets: ["CoreMediaTwin"]),
    .library(name: "AVFAudioTwin", targets: ["AVFAudioTwin"]),
    .library(name: "SpeechTwin", targets: ["SpeechTwin"]),
    .library(name: "SpeechShim", targets: ["SpeechShim"]),
    .library(name: "LiveTranscription", targets: ["LiveTranscription"]),
    .library(name: "SpeechReplay", targets: ["SpeechReplay"]),
    // Records what a live-transcription app's device did (tap buffers, results, actions, UI) into a
    // .speechcapture file, and reads captures back. Built only on SpeechShim and GRDB, so it goes into iOS apps.
    .library(name: "SpeechReplayCapture", targets: ["SpeechReplayCapture"]),
    // Turns captures and plain audio files into scenarios (capture import, voice-activity detection).
    .library(name: "SpeechReplayImport", targets: ["SpeechReplayImport"]),
    // Runs a scenario file against a subject inside `swift test` (Swift Testing and XCTest).
    .library(name: "SpeechReplayTesting", targets: ["SpeechReplayTesting"]),
    // The simulated device the twins run on: app tests configure it (assets, network, microphone).
    .library(name: "SimulatedDevice", targets: ["SimulatedDevice"]),
    // Reference workloads for the simulation's tests, self-check executable and benchmark.
    .library(name: "SimulationWorkloads", targets: ["SimulationWorkloads"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
  ],
  targets: [
    // MARK: C shims (system libraries through pkg-config)
    .systemLibrary(
      name: "CSndFile", pkgConfig: "sndfile",
      providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]),
    .systemLibrary(
      name: "CSampleRate", pkgConfig: "samplerate",
      providers: [.apt(["libsamplerate0-dev"]), .brew(["libsamplerate"])]),
    // mallinfo2()/malloc_trim are not exported by Swift's Glibc module; this header exposes them.
    .target(name: "CMallocInfo"),

    // MARK: audio
    .target(name: "AudioPCM", dependencies: ["CSndFile", "CSampleRate"]),

    // MARK: simulation
    .target(
      name: "Simulation",
      dependencies: [
        "CMallocInfo",
        .product(name: "HeapModule", package: "swift-collections"),
        .product(name: "DequeModule", package: "swift-collections"),
      ]),
    .target(name: "SimulationWorkloads", dependencies: ["Simulation"]),
    // Runs the racy reference workload once and prints its trace hash (cross-process determinism).
    .executableTarget(name: "simulation-selfcheck", dependencies: ["Simulation", "SimulationWorkloads"]),

    // MARK: twins of Apple's frameworks
    .target(name: "CoreMediaTwin"),
    // The simulated device: microphone, assets, permissions and the speech-model backend slot.
    .target(name: "SimulatedDevice", dependencies: ["CoreMediaTwin", "Simulation", "AudioPCM"]),
    .target(name: "AVFAudioTwin", dependencies: ["AudioPCM", "Simulation", "SimulatedDevice"]),
    // Performs one AVAudioEngine trap (second tap, tap format mismatch) so tests can watch it from a subprocess.
    .executableTarget(name: "twin-trap-probe", dependencies: ["AVFAudioTwin", "SimulatedDevice", "Simulation"]),
    .target(name: "SpeechTwin", dependencies: ["CoreMediaTwin", "AVFAudioTwin", "SimulatedDevice", "Simulation", "AudioPCM"]),
    // App code imports this one module: Apple's frameworks on iOS, the twins elsewhere.
    .target(
      name: "SpeechShim", dependencies: ["SpeechTwin", "AVFAudioTwin", "CoreMediaTwin"],
      swiftSettings: [.define("SPEECH_REPLAY_APPLE_FRAMEWORKS", .when(platforms: [.iOS, .tvOS, .visionOS]))] + appleFrameworkTests),

    // MARK: stack under test and harness
    // The reference live-transcription stack: the seeds' design with every trap handled. Built only on
    // SpeechShim, so it would build for iOS too.
    .target(name: "LiveTranscription", dependencies: ["SpeechShim"]),
    // Scenarios, the runner, expectations and reports.
    .target(
      name: "SpeechReplay",
      dependencies: [
        "LiveTranscription", "SpeechShim", "SpeechTwin", "AVFAudioTwin", "CoreMediaTwin", "SimulatedDevice", "Simulation", "AudioPCM",
        // `run --capture` records each run with the capture recorder.
        "SpeechReplayCapture",
        .product(name: "Yams", package: "Yams"),
        // The run history (History/) is an SQLite database through GRDB.
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),

    // MARK: captures
    // The recorder an app adds (debug/TestFlight builds) and the reader of its .speechcapture files.
    .target(
      name: "SpeechReplayCapture",
      dependencies: ["SpeechShim", .product(name: "GRDB", package: "GRDB.swift")]),
    // Capture → scenario (audio, tap schedule, results, steps, UI timeline), and the energy-based voice-activity detector.
    .target(name: "SpeechReplayImport", dependencies: ["SpeechReplayCapture", "AudioPCM"]),
    // Records synthetic tap buffers until it is killed, so a test can SIGKILL a recorder mid-session.
    .executableTarget(
      name: "capture-recorder-probe", dependencies: ["SpeechReplayCapture", "SpeechShim"],
      path: "Tests/Probes/capture-recorder-probe"),

    // MARK: front ends
    // One call runs a scenario inside swift test and fails the test with its messages.
    .target(name: "SpeechReplayTesting", dependencies: ["SpeechReplay"]),
    .executableTarget(
      name: "speech-replay",
      dependencies: [
        "AudioPCM", "SpeechReplay", "SpeechReplayCapture", "SpeechReplayImport",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]),

    // A stand-in worker that passes, fails, traps or exits as its scenario file says (orchestration tests).
    .executableTarget(name: "scenario-worker-probe", dependencies: ["SpeechReplay"]),

    // Writes runs into a history database on request, so tests can run two writers at once or kill one mid-write.
    .executableTarget(name: "history-writer-probe", dependencies: ["SpeechReplay"]),

    // MARK: tests
    .testTarget(name: "AudioPCMTests", dependencies: ["AudioPCM"]),
    .testTarget(
      name: "SimulationTests",
      dependencies: ["Simulation", "SimulationWorkloads", .target(name: "simulation-selfcheck")]),
    // XCTest, to prove runs work from a synchronous XCTest method on the main thread.
    .testTarget(name: "SimulationXCTests", dependencies: ["Simulation", "SimulationWorkloads"]),
    .testTarget(
      name: "SpeechReplayCLITests", dependencies: ["AudioPCM", "SpeechReplay", .target(name: "scenario-worker-probe")],
      exclude: ["Schemas"]),
    .testTarget(name: "CoreMediaTwinTests", dependencies: ["CoreMediaTwin"], swiftSettings: appleFrameworkTests),
    .testTarget(name: "SimulatedDeviceTests", dependencies: ["SimulatedDevice", "AudioPCM", "Simulation"]),
    .testTarget(
      name: "AVFAudioTwinTests",
      dependencies: ["AVFAudioTwin", "AudioPCM", "SimulatedDevice", "Simulation", .target(name: "twin-trap-probe")],
      swiftSettings: appleFrameworkTests),
    .testTarget(
      name: "SpeechTwinTests", dependencies: ["SpeechTwin", "AVFAudioTwin", "CoreMediaTwin", "SimulatedDevice", "Simulation", "AudioPCM"],
      swiftSettings: appleFrameworkTests),
    // The reference stack, driven in the simulation on a simulated device.
    .testTarget(name: "LiveTranscriptionTests", dependencies: ["LiveTranscription", "SimulatedDevice", "Simulation"]),
    .testTarget(
      name: "SpeechReplayTests",
      dependencies: [
        "SpeechReplay", "SpeechReplayTesting", "SpeechShim", "SimulatedDevice", "Simulation", "AudioPCM",
        // The orchestration tests start it as a worker that passes, fails or traps on purpose.
        .target(name: "scenario-worker-probe"),
        // The history tests start it as a second writer and kill it mid-write.
        .target(name: "history-writer-probe"),
      ]),
    // The recorder and reader of captures, around the reference stack in the simulation.
    .testTarget(
      name: "SpeechReplayCaptureTests",
      dependencies: [
        "SpeechReplayCapture", "LiveTranscription", "SpeechShim", "AVFAudioTwin", "SimulatedDevice", "Simulation",
        // Killed with SIGKILL mid-session by the crash test.
        .target(name: "capture-recorder-probe"),
      ]),
    // Capture import, first divergence and voice-activity detection, on captures recorded from the reference stack.
    .testTarget(
      name: "SpeechReplayImportTests",
      dependencies: [
        "SpeechReplayImport", "SpeechReplayCapture", "SpeechReplay", "LiveTranscription", "SpeechShim", "AudioPCM", "SimulatedDevice", "Simulation",
      ]),
    // The bug zoo: the reference stack with one known trap switched on, run against Scenarios/.
    .testTarget(name: "BugZooTests", dependencies: ["SpeechReplay", "LiveTranscription"]),
    // The seeds' code, compiled as its authors wrote it (Swift 5 language mode), against SpeechShim.
    .testTarget(
      name: "SeedsTests", dependencies: ["SpeechShim", "AVFAudioTwin", "SimulatedDevice", "Simulation"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
  ]
)

for target in package.targets where target.type != .system && target.name != "SeedsTests" {
  var settings = target.swiftSettings ?? []
  settings.append(.swiftLanguageMode(.v6))
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  target.swiftSettings = settings
}
