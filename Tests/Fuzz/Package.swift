// swift-tools-version: 6.1
// libFuzzer targets for speech-replay's input readers (see Documentation/Fuzzing.md). Built apart from
// the main package, by ci/fuzz:
//   swift build --package-path Tests/Fuzz --scratch-path .build-fuzz -Xswiftc -sanitize=fuzzer,address
// Each target is an executable whose main is libFuzzer's, so its Swift is parsed as a library.
import PackageDescription

let fuzzTarget: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"]), .swiftLanguageMode(.v6)]

let package = Package(
  name: "speech-replay-fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "speech-replay", path: "../..")],
  targets: [
    // The scenario decoder: YAML text → Scenario, or a located ScenarioError.
    .executableTarget(
      name: "fuzz-scenario", dependencies: [.product(name: "SpeechReplay", package: "speech-replay")],
      swiftSettings: fuzzTarget),
    // The word-timing table reader (`NAME.words.tsv`).
    .executableTarget(
      name: "fuzz-word-table", dependencies: [.product(name: "SimulatedDevice", package: "speech-replay")],
      swiftSettings: fuzzTarget),
    // The audio file reader: every container libsndfile opens (WAV, AIFF, FLAC, CAF, OGG, …).
    .executableTarget(
      name: "fuzz-audio-file", dependencies: [.product(name: "AudioPCM", package: "speech-replay")],
      swiftSettings: fuzzTarget),
    // The capture reader: a .speechcapture (SQLite) file opened read-only, summarised and read to its last buffer.
    .executableTarget(
      name: "fuzz-capture", dependencies: [.product(name: "SpeechReplayCapture", package: "speech-replay")],
      swiftSettings: fuzzTarget),
  ]
)
