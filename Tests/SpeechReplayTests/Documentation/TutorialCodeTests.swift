import Foundation
import SpeechReplayTestSupport
import Testing

/// The getting-started tutorial's code files (`SpeechReplayTesting.docc/Tutorials/Resources`) are
/// excerpts of the example package `Examples/YourOwnStack`, so the tutorial cannot drift from the
/// code `ci/example` builds: each file names its source on its first line, and every other line but
/// the elision marks (`// …`, `# …`) and swift-format's ignore mark is a line of that source, in order.
@Suite struct TutorialCodeTests {
  static let tutorials = TestFiles.root.appendingPathComponent(
    "Sources/SpeechReplayTesting/SpeechReplayTesting.docc/Tutorials")
  static let resources = tutorials.appendingPathComponent("Resources")

  /// The tutorial's code files.
  static let codeFiles: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: resources.path)) ?? []
    return names.filter { $0.hasSuffix(".swift") || $0.hasSuffix(".yaml") }.sorted()
  }()

  /// Whether `excerpt`'s lines appear in `source` in order; the first that does not, otherwise.
  static func firstMissingLine(of excerpt: [Substring], in source: [Substring]) -> (Int, Substring)? {
    var position = source.startIndex
    for (index, line) in excerpt.enumerated() {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if trimmed == "// …" || trimmed == "# …" || trimmed == "// swift-format-ignore-file" { continue }
      guard let found = source[position...].firstIndex(of: line) else { return (index, line) }
      position = found + 1
    }
    return nil
  }

  static func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  @Test func theTutorialHasCodeFilesAndUsesEachOfThem() throws {
    #expect(Self.codeFiles.count >= 8, "\(Self.codeFiles)")
    let tutorial = try String(
      contentsOf: Self.tutorials.appendingPathComponent("TestingYourOwnStack.tutorial"), encoding: .utf8)
    let referenced = Set(tutorial.matches(of: #/file: "([^"]+)"/#).map { String($0.output.1) })
    #expect(referenced == Set(Self.codeFiles))
  }

  @Test(arguments: codeFiles)
  func codeFileIsAnExcerptOfTheExamplePackage(_ name: String) throws {
    let text = try String(contentsOf: Self.resources.appendingPathComponent(name), encoding: .utf8)
    let excerpt = Self.lines(text)
    let header = try #require(excerpt.first)
    let path = String(header.drop { $0 == "/" || $0 == "#" || $0 == " " })
    #expect(path.hasPrefix("Examples/YourOwnStack/"), "\(name) names no file of the example on its first line")
    let source = try String(contentsOf: TestFiles.root.appendingPathComponent(path), encoding: .utf8)
    if let (index, line) = Self.firstMissingLine(of: Array(excerpt.dropFirst()), in: Self.lines(source)) {
      Issue.record("\(name):\(index + 2): \"\(line)\" is not (in this order) in \(path); copy it again from there")
    }
  }

  @Test func anEditedLineIsFound() {
    let source = Self.lines("a\nb\nc\n")
    #expect(Self.firstMissingLine(of: Self.lines("a\n// …\nc"), in: source) == nil)
    #expect(Self.firstMissingLine(of: Self.lines("c\na"), in: source)?.1 == "a")
    #expect(Self.firstMissingLine(of: Self.lines("a\nB"), in: source)?.1 == "B")
  }
}
