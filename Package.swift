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
    // App code imports this one module: Apple's frameworks on iOS, the twins elsewhere.
    .library(name: "SpeechShim", targets: ["SpeechShim"]),
    // Scenarios, the runner, results, subjects, UI state, timeline, invariants (the adopter's vocabulary).
    .library(name: "SpeechReplay", targets: ["SpeechReplay"]),
    // Records what a live-transcription app's device did (tap buffers, results, actions, UI) into a
    // .speechcapture file, and reads captures back. Built only on SpeechShim and GRDB, so it goes into iOS apps.
    .library(name: "SpeechReplayCapture", targets: ["SpeechReplayCapture"]),
    // Turns captures and plain audio files into scenarios (capture import, voice-activity detection).
    .library(name: "SpeechReplayImport", targets: ["SpeechReplayImport"]),
    // Runs a scenario file against a subject inside `swift test` (Swift Testing and XCTest); re-exports SpeechReplay.
    .library(name: "SpeechReplayTesting", targets: ["SpeechReplayTesting"]),
    // The simulated device the twins run on: app tests configure it (assets, network, microphone).
    .library(name: "SimulatedDevice", targets: ["SimulatedDevice"]),
    // Deterministic virtual time: what every run of a twin happens in.
    .library(name: "Simulation", targets: ["Simulation"]),
    // The command line as a library: an app declares its own executable with its own subjects.
    .library(name: "SpeechReplayCLI", targets: ["SpeechReplayCLI"]),
    // Reading, writing and converting PCM audio files (libsndfile, libsamplerate), for apps' tools.
    .library(name: "AudioPCM", targets: ["AudioPCM"]),
    // Not API (hence the underscore): the reference stack's subjects and the simulation's reference
    // workloads, for the Benchmarks package. It used to compile these sources itself, which SwiftPM
    // refuses once two packages in one graph declare targets of the same name.
    .library(name: "_BenchmarkWorkloads", targets: ["ReferenceSubjects", "SimulationWorkloads"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    // `swift package generate-documentation`: the DocC catalogs of the library products (ci/docs).
    // A plugin only: nothing of it is linked into a product or test.
    .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
  ],
  targets: [
    // MARK: C shims (system libraries through pkg-config)
    .systemLibrary(
      name: "CSndFile", pkgConfig: "sndfile",
      providers: [.apt(["libsndfile1-dev"]), .brew(["libsndfile"])]),
    .systemLibrary(
      name: "CSampleRate", pkgConfig: "samplerate",
      providers: [.apt(["libsamplerate0-dev"]), .brew(["libsamplerate"])]),
    // libsoxr: the default resampling engine (SIMD); libsamplerate stays selectable.
    .systemLibrary(
      name: "CSoxr", pkgConfig: "soxr",
      providers: [.apt(["libsoxr-dev"]), .brew(["libsoxr"])]),
    // mallinfo2() is not exported by Swift's Glibc module; this header exposes it.
    .target(name: "CMallocInfo"),
    // The audio check's inner loops, in C so that an app's debug build runs them fast too.
    .target(name: "CSignalKernels"),
    // Interposes dispatch_async/after/sync (Linux) so main-queue blocks run in the simulation's virtual time.
    .target(name: "CDispatchCapture"),

    // MARK: audio
    .target(name: "AudioPCM", dependencies: ["CSndFile", "CSampleRate", "CSoxr"]),

    // MARK: simulation
    .target(
      name: "Simulation",
      dependencies: [
        "CMallocInfo",
        "CDispatchCapture",
        .product(name: "HeapModule", package: "swift-collections"),
        .product(name: "DequeModule", package: "swift-collections"),
      ]),
    // Reference workloads for the simulation's tests, self-check probe and benchmark (not a product).
    .target(name: "SimulationWorkloads", dependencies: ["Simulation"]),

    // MARK: twins of Apple's frameworks
    // Core Audio's C types (AudioStreamBasicDescription, AudioBufferList, OSStatus…), re-exported by
    // CoreMediaTwin and AVFAudioTwin as Apple's CoreMedia and AVFAudio re-export CoreAudioTypes.
    .target(name: "CoreAudioTypesTwin"),
    .target(name: "CoreMediaTwin", dependencies: ["CoreAudioTypesTwin"]),
    // The simulated device: microphone, assets, permissions and the speech-model backend slot.
    .target(name: "SimulatedDevice", dependencies: ["CoreMediaTwin", "Simulation", "AudioPCM", "CSignalKernels"]),
    // CoreMediaTwin: AVAudioFormat's `cmAudioFormatDescription` bridge, as Apple's AVFAudio imports CoreMedia.
    .target(
      name: "AVFAudioTwin", dependencies: ["CoreAudioTypesTwin", "CoreMediaTwin", "AudioPCM", "Simulation", "SimulatedDevice"]),
    // `installTap` as apps see Apple's Objective-C interface: compiled without strict concurrency
    // (Swift 5 mode), so Swift 6 checks a main-actor tap closure's isolation when it is called.
    .target(name: "AVFAudioTwinTapAPI", dependencies: ["AVFAudioTwin"], swiftSettings: [.swiftLanguageMode(.v5)]),
    // AVFoundation's asset reading (AVURLAsset, AVAssetReader, AVAssetReaderTrackOutput) for audio files.
    .target(name: "AVFoundationTwin", dependencies: ["AVFAudioTwin", "CoreMediaTwin", "AudioPCM", "SimulatedDevice"]),
    .target(name: "SpeechTwin", dependencies: ["CoreMediaTwin", "AVFAudioTwin", "AVFAudioTwinTapAPI", "SimulatedDevice", "Simulation", "AudioPCM"]),
    // App code imports this one module: Apple's frameworks on iOS, the twins elsewhere.
    .target(
      name: "SpeechShim",
      dependencies: ["SpeechTwin", "AVFAudioTwin", "AVFAudioTwinTapAPI", "AVFoundationTwin", "CoreMediaTwin", "CoreAudioTypesTwin", "Simulation"],
      swiftSettings: [.define("SPEECH_REPLAY_APPLE_FRAMEWORKS", .when(platforms: [.iOS, .tvOS, .visionOS])), .swiftLanguageMode(.v5)] + appleFrameworkTests),

    // MARK: stack under test and harness
    // The reference live-transcription stack: the seeds' design with every trap handled. Built only on
    // SpeechShim, so it would build for iOS too.
    .target(name: "LiveTranscription", dependencies: ["SpeechShim"]),
    // Scenarios, the runner, expectations, golden snapshots and invariants. Free of any stack: subjects
    // come from the caller (an app's own, or ReferenceSubjects).
    .target(
      name: "SpeechReplay",
      dependencies: [
        // The twins own the typed views of the events they record (analyzer input, engine buffers), which the invariants read.
        "SpeechTwin", "AVFAudioTwin", "SimulatedDevice", "Simulation", "CoreMediaTwin", "AudioPCM",
        .product(name: "Yams", package: "Yams"),
      ]),
    // The reference stack (LiveTranscription) as subjects: SubjectFactory.reference and .reference(faults:).
    // `run --capture`: ScenarioCapture records each run with the capture recorder.
    .target(name: "ReferenceSubjects", dependencies: ["LiveTranscription", "SpeechReplay", "Simulation", "SpeechReplayCapture"]),

    // MARK: captures
    // The recorder an app adds (debug/TestFlight builds) and the reader of its .speechcapture files.
    .target(
      name: "SpeechReplayCapture",
      dependencies: ["SpeechShim", .product(name: "GRDB", package: "GRDB.swift")]),
    // Capture → scenario (audio, tap schedule, results, steps, UI timeline), and the energy-based voice-activity detector.
    // The scenarios it writes use SpeechReplay's key table and writer (ScenarioKeys, ScenarioWriter).
    .target(name: "SpeechReplayImport", dependencies: ["SpeechReplayCapture", "AudioPCM", "SpeechReplay", "SimulatedDevice", "Simulation"]),
    // Records synthetic tap buffers until it is killed, so a test can SIGKILL a recorder mid-session.
    .executableTarget(
      name: "capture-recorder-probe", dependencies: ["SpeechReplayCapture", "SpeechShim"],
      path: "Tests/Probes/capture-recorder-probe"),

    // MARK: front ends
    // One call runs a scenario inside swift test and fails the test with its messages.
    .target(name: "SpeechReplayTesting", dependencies: ["SpeechReplay", "SimulatedDevice", "Simulation"]),
    // The command line as a library: commands, worker processes, reports, history, determinism check.
    .target(
      name: "SpeechReplayCLI",
      dependencies: [
        "SpeechReplay", "AudioPCM", "Simulation", "SimulatedDevice", "SpeechReplayCapture", "SpeechReplayImport",
        // The HTML report's lanes read the typed views these twins own (engine buffers, analyzer input and results).
        "AVFAudioTwin", "SpeechTwin",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        // The run history (History/) is an SQLite database through GRDB.
        .product(name: "GRDB", package: "GRDB.swift"),
      ]),
    // `speech-replay`: SpeechReplayCLI with the reference stack as its subjects.
    .executableTarget(name: "speech-replay", dependencies: ["SpeechReplayCLI", "ReferenceSubjects"]),

    // MARK: probes (helper executables the tests start; not products)
    // Runs the racy reference workload once and prints its trace hash (cross-process determinism).
    .executableTarget(
      name: "simulation-selfcheck", dependencies: ["Simulation", "SimulationWorkloads"], path: "Tests/Probes/simulation-selfcheck"),
    // A stand-in worker that passes, fails, traps or exits as its scenario file says (orchestration tests).
    .executableTarget(
      name: "scenario-worker-probe", dependencies: ["SpeechReplay", "SpeechReplayCLI"], path: "Tests/Probes/scenario-worker-probe"),
    // Writes runs into a history database on request, so tests can run two writers at once or kill one mid-write.
    // An app's own executable (SpeechReplayCLI with subjects of its own), for the tests of capabilities and several subjects.
    .executableTarget(
      name: "app-replay-probe", dependencies: ["SpeechReplay", "SpeechReplayCLI", "ReferenceSubjects", "LiveTranscription"],
      path: "Tests/Probes/app-replay-probe"),
    .executableTarget(
      name: "history-writer-probe", dependencies: ["SpeechReplay", "SpeechReplayCLI"], path: "Tests/Probes/history-writer-probe"),

    // MARK: tests
    // What several test targets share: locating probes, the package's folders, temporary folders, simulation runs.
    .target(name: "SpeechReplayTestSupport", dependencies: ["Simulation", "SimulatedDevice"], path: "Tests/SpeechReplayTestSupport"),
    .testTarget(name: "AudioPCMTests", dependencies: ["AudioPCM", "Simulation", "SpeechReplayTestSupport"]),
    .testTarget(
      name: "SimulationTests",
      dependencies: ["Simulation", "SimulationWorkloads", "SpeechReplayTestSupport", .target(name: "simulation-selfcheck")]),
    // XCTest, to prove runs work from a synchronous XCTest method on the main thread.
    .testTarget(name: "SimulationXCTests", dependencies: ["Simulation", "SimulationWorkloads", "SpeechReplayTestSupport"]),
    .testTarget(
      name: "SpeechReplayCLITests",
      dependencies: [
        "AudioPCM", "SpeechReplay", "SpeechReplayCLI", "ReferenceSubjects", "SpeechReplayTestSupport", "Simulation", "SpeechTwin", "AVFAudioTwin",
        // Foreign and newer-schema SQLite files for the history's refusals.
        .product(name: "GRDB", package: "GRDB.swift"),
        // CITemplateTests parse the workflow files in Documentation/ci-templates/.
        .product(name: "Yams", package: "Yams"),
        // The command-line tests start the executable, the stand-in worker and the second history writer.
        .target(name: "speech-replay"), .target(name: "scenario-worker-probe"), .target(name: "history-writer-probe"),
        .target(name: "app-replay-probe"),
        // A capture cut short by a killed recorder, for reading one in a read-only place.
        .target(name: "capture-recorder-probe"),
      ],
      exclude: ["Schemas"]),
    .testTarget(name: "CoreMediaTwinTests", dependencies: ["CoreMediaTwin"], swiftSettings: appleFrameworkTests),
    .testTarget(name: "AVFoundationTwinTests", dependencies: ["AVFoundationTwin", "AudioPCM", "SpeechReplayTestSupport"]),
    .testTarget(
      name: "SimulatedDeviceTests", dependencies: ["SimulatedDevice", "CoreMediaTwin", "AudioPCM", "Simulation", "SpeechReplayTestSupport"]),
    .testTarget(
      name: "AVFAudioTwinTests",
      dependencies: ["AVFAudioTwin", "AVFAudioTwinTapAPI", "AudioPCM", "SimulatedDevice", "Simulation", "SpeechReplayTestSupport"],
      swiftSettings: appleFrameworkTests),
    .testTarget(
      name: "SpeechTwinTests",
      dependencies: ["SpeechTwin", "AVFAudioTwin", "CoreMediaTwin", "SimulatedDevice", "Simulation", "AudioPCM", "SpeechReplayTestSupport"],
      swiftSettings: appleFrameworkTests),
    // The reference stack, driven in the simulation on a simulated device.
    .testTarget(
      name: "LiveTranscriptionTests", dependencies: ["LiveTranscription", "SpeechShim", "SimulatedDevice", "Simulation", "SpeechReplayTestSupport"]),
    .testTarget(
      name: "SpeechReplayTests",
      dependencies: [
        "SpeechReplay", "SpeechReplayTesting", "ReferenceSubjects", "LiveTranscription", "SpeechShim", "SimulatedDevice", "Simulation",
        "CoreMediaTwin", "SpeechTwin", "AVFAudioTwin", "SpeechReplayTestSupport",
        // ScenarioDocumentTests compare the YAML nodes exploration edits.
        .product(name: "Yams", package: "Yams"),
      ]),
    // The recorder and reader of captures, around the reference stack in the simulation.
    .testTarget(
      name: "SpeechReplayCaptureTests",
      dependencies: [
        "SpeechReplayCapture", "LiveTranscription", "SpeechShim", "AVFAudioTwin", "SimulatedDevice", "Simulation",
        "SpeechReplayTestSupport",
        // Killed with SIGKILL mid-session by the crash test.
        .target(name: "capture-recorder-probe"),
      ]),
    // Capture import, first divergence and voice-activity detection, on captures recorded from the reference stack.
    .testTarget(
      name: "SpeechReplayImportTests",
      dependencies: [
        "SpeechReplayImport", "SpeechReplayCapture", "SpeechReplay", "ReferenceSubjects", "LiveTranscription", "SpeechShim", "AudioPCM", "SimulatedDevice", "Simulation",
        "SpeechReplayTestSupport",
      ]),
    // Typical app code that imports only SpeechShim (session, routes, settings keys, sample buffers)
    // compiles and runs on the simulated device.
    .testTarget(name: "SpeechShimTests", dependencies: ["SpeechShim", "SimulatedDevice", "Simulation", "SpeechReplayTestSupport"]),
    // The bug zoo: the reference stack with one known trap switched on, run against Scenarios/.
    .testTarget(
      name: "BugZooTests", dependencies: ["SpeechReplay", "ReferenceSubjects", "LiveTranscription", "SpeechReplayTestSupport"]),
    // The seeds' code, compiled as its authors wrote it (Swift 5 language mode), against SpeechShim.
    .testTarget(
      name: "SeedsTests", dependencies: ["SpeechShim", "AVFAudioTwin", "SimulatedDevice", "Simulation", "SpeechReplayTestSupport"],
      swiftSettings: [.swiftLanguageMode(.v5)]),
  ]
)

// Apple's module names on Linux: `import Speech`, `AVFAudio`, `AVFoundation`, `CoreMedia` re-export the
// twins, so an app's speech files compile unchanged in a Linux test package (Documentation/
// TestingYourStack.md). Declared only when the manifest is evaluated on Linux: on macOS (and for iOS
// builds, whose manifest runs on the Mac) these targets and the product do not exist, so nothing in
// the package can shadow Apple's frameworks there; `import SpeechShim` stays for code that must also
// simulate on a Mac.
#if os(Linux)
package.products.append(.library(name: "AppleModuleNames", targets: ["Speech", "AVFAudio", "AVFoundation", "CoreMedia"]))
package.targets += [
  .target(name: "Speech", dependencies: ["SpeechShim"], path: "Sources/AppleModuleNames/Speech"),
  .target(name: "AVFAudio", dependencies: ["AVFAudioTwin", "AVFAudioTwinTapAPI", "CoreAudioTypesTwin"], path: "Sources/AppleModuleNames/AVFAudio"),
  .target(name: "CoreMedia", dependencies: ["CoreMediaTwin", "CoreAudioTypesTwin"], path: "Sources/AppleModuleNames/CoreMedia"),
  .target(name: "AVFoundation", dependencies: ["AVFAudio", "CoreMedia", "AVFoundationTwin"], path: "Sources/AppleModuleNames/AVFoundation"),
  .testTarget(name: "AppleModuleNamesTests", dependencies: ["Speech", "AVFoundation", "AVFAudio", "CoreMedia", "Simulation", "SimulatedDevice"]),
]
#endif

// The seeds keep their authors' Swift 5 mode; the tap interface stands in for an Objective-C one.
for target in package.targets where target.type != .system && !["SeedsTests", "AVFAudioTwinTapAPI", "SpeechShim"].contains(target.name) {
  var settings = target.swiftSettings ?? []
  settings.append(.swiftLanguageMode(.v6))
  settings.append(.enableUpcomingFeature("ExistentialAny"))
  target.swiftSettings = settings
}
