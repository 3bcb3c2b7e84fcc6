// Examples/YourOwnStack/Package.swift
// swift-format-ignore-file
let package = Package(
  name: "YourOwnStack",
  platforms: [.macOS(.v15)],
  dependencies: [
    // In an app's repository: .package(url: "https://github.com/…/speech-replay", from: "…").
    .package(name: "speech-replay", path: "../.."),
  ],
  targets: [
    // The app's feature code. On iOS, SpeechShim is Apple's Speech and AVFAudio.
    .target(name: "Dictation", dependencies: [.product(name: "SpeechShim", package: "speech-replay")]),
    // The feature as speech-replay subjects (test-only code: not linked into the app).
    .target(
      name: "DictationSubjects",
      dependencies: ["Dictation", .product(name: "SpeechReplay", package: "speech-replay")]),
    // `dictation-replay run Scenarios/ --subject …`: the CLI with the app's subjects.
    .executableTarget(
      name: "dictation-replay",
      dependencies: ["DictationSubjects", .product(name: "SpeechReplayCLI", package: "speech-replay")]),
    .testTarget(
      name: "DictationTests",
      dependencies: ["DictationSubjects", "DictationReadiness", .product(name: "SpeechReplayTesting", package: "speech-replay")]),
  ],
  swiftLanguageModes: [.v6]
)
