// swift-tools-version: 6.1
// An app team's own transcriber tested with speech-replay: the way a typical team writes its
// dictation feature (module Dictation, importing only SpeechShim), a subject adapter, its own
// `dictation-replay` executable with every command of `speech-replay`, and its own tests.
// The SpeechReplayTesting documentation walks through it (tutorial "Test your own stack").
import PackageDescription

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

// A file of the app written with Apple's imports (`import Speech`, `import AVFoundation`), compiled
// unchanged: on Linux through speech-replay's modules of Apple's names (the AppleModuleNames product,
// which exists only in a manifest evaluated on Linux), on a Mac against Apple's frameworks.
#if os(Linux)
package.targets.append(
  .target(name: "DictationReadiness", dependencies: [.product(name: "AppleModuleNames", package: "speech-replay")]))
#else
package.targets.append(.target(name: "DictationReadiness"))
#endif
