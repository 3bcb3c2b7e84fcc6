import Foundation
import SpeechReplayTestSupport
import Testing

/// What the documentation says of the tutorial *Test your own stack*, held to the tutorial file:
/// its title and how many steps and sections it has (CI.md gave ten steps when it had eleven).
@Suite struct TutorialFactsTests {
  static let tutorial = "Sources/SpeechReplayTesting/SpeechReplayTesting.docc/Tutorials/TestingYourOwnStack.tutorial"
  static let article = "Sources/SpeechReplayCLI/SpeechReplayCLI.docc/CI.md"

  static func text(_ path: String) throws -> String {
    try String(contentsOf: TestFiles.root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theCIArticleGivesTheTutorialsTitleStepsAndSections() throws {
    let tutorial = try Self.text(Self.tutorial)
    let title = try #require(tutorial.firstMatch(of: #/@Intro\(title: "([^"]+)"\)/#)).output.1
    let steps = tutorial.matches(of: #/@Step\s*\{/#).count
    let sections = tutorial.matches(of: #/@Section\(/#).count
    // A count of nothing proves nothing: the tutorial has steps in sections.
    #expect(steps > 0 && sections > 0)
    let stated = "the tutorial *\(title)*, \(steps) steps in \(sections) sections"
    #expect(
      try Self.text(Self.article).replacingOccurrences(of: "\n", with: " ").contains(stated),
      "\(Self.article) should say \"\(stated)\"")
  }
}
