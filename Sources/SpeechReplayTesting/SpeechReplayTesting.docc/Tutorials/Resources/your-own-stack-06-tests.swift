// Examples/YourOwnStack/Tests/DictationTests/DictationScenarioTests.swift
// swift-format-ignore-file
import DictationSubjects
import Foundation
import SpeechReplayTesting
import Testing

/// The app's dictation feature against the bundled scenarios and its own, in `swift test`.
@Suite(.serialized) struct DictationScenarioTests {
  /// speech-replay's bundled suite, from this repository (in an app: a copy, or the package's checkout).
  static let bundled = "../../../../Scenarios"

  @Test(arguments: ["hello-world", "download-progress", "offline-first-run", "stop-during-download", "route-change", "interruption", "dismiss-after-stop"])
  func theFixedReleasePasses(_ name: String) {
    expectScenario("\(Self.bundled)/\(name).yaml", subject: .dictationFixed)
  }

  // …
}
