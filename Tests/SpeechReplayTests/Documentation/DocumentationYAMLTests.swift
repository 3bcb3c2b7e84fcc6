import Foundation
import SpeechReplay
import SpeechReplayTestSupport
import Testing
import Yams

/// The ```yaml examples of the documentation (README.md, Documentation/*.md, the DocC catalogs'
/// articles in Sources/*/*.docc) and of doc comments in Sources/ (`///` lines), parsed with the scenario decoder, so an example the decoder rejects
/// fails here instead of misleading a reader.
///
/// Convention: a ```yaml block is a scenario or the top-level keys of one; the test adds `schema: 1`,
/// `name` and `steps: [start, stop]` where the block has none, and reads its paths from `Scenarios/`
/// (where the bundled scenarios live, so `../fixtures/…` works). A block that cannot stand as one
/// (it names files that are not in the repository, or elides part of a file) is fenced
/// ```yaml fragment: it is only parsed as YAML. The ScenarioFiles article states the convention.
@Suite struct DocumentationYAMLTests {
  /// One ```yaml block.
  struct Example: CustomStringConvertible {
    /// The document, relative to the package root.
    var file: String
    /// The line of the opening fence.
    var line: Int
    var yaml: String
    /// Fenced ```yaml fragment.
    var isFragment: Bool
    var description: String { "\(file):\(line)" }
  }

  /// The ```yaml blocks of a text; with `docComment`, only those in `///` lines.
  static func examples(in text: String, file: String, docComment: Bool) -> [Example] {
    var examples: [Example] = []
    var open: Example?
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      var line = Substring(rawLine)
      if docComment {
        let trimmed = line.drop { $0 == " " }
        guard trimmed.hasPrefix("///") else {
          open = nil
          continue
        }
        line = trimmed.dropFirst(3)
        if line.hasPrefix(" ") { line = line.dropFirst() }
      }
      if var example = open {
        if line.trimmingCharacters(in: .whitespaces) == "```" {
          examples.append(example)
          open = nil
        } else {
          example.yaml += line + "\n"
          open = example
        }
      } else if line.hasPrefix("```yaml") {
        let info = line.dropFirst(3).split(separator: " ")
        open = Example(file: file, line: index + 1, yaml: "", isFragment: info.dropFirst().contains("fragment"))
      }
    }
    return examples
  }

  /// Every example of the package's documentation and sources.
  static let all: [Example] = {
    let root = TestFiles.root
    var files = ["README.md"]
    let documentation =
      (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Documentation").path)) ?? []
    files += documentation.filter { $0.hasSuffix(".md") }.sorted().map { "Documentation/\($0)" }
    var examples: [Example] = []
    for file in files {
      let text = (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)) ?? ""
      examples += Self.examples(in: text, file: file, docComment: false)
    }
    let sources = FileManager.default.enumerator(atPath: root.appendingPathComponent("Sources").path)
    while let path = sources?.nextObject() as? String {
      // Swift files' doc comments, and the articles of the DocC catalogs (the guides' home).
      let isArticle = path.hasSuffix(".md") && path.contains(".docc/")
      guard path.hasSuffix(".swift") || isArticle else { continue }
      let text = (try? String(contentsOf: root.appendingPathComponent("Sources/\(path)"), encoding: .utf8)) ?? ""
      examples += Self.examples(in: text, file: "Sources/\(path)", docComment: !isArticle)
    }
    return examples.sorted { ($0.file, $0.line) < ($1.file, $1.line) }
  }()

  /// A block completed into a scenario: `schema`, `name` and `steps` added where missing.
  static func completed(_ yaml: String) -> String {
    let topLevelKeys = Set(
      yaml.split(separator: "\n").compactMap { line -> String? in
        guard let first = line.first, first != " ", first != "#", first != "-", let colon = line.firstIndex(of: ":")
        else { return nil }
        return String(line[..<colon])
      })
    var text = yaml
    if !topLevelKeys.contains("schema") { text = "schema: 1\n" + text }
    if !topLevelKeys.contains("name") { text += "name: documentation example\n" }
    if !topLevelKeys.contains("steps") { text += "steps: [start, stop]\n" }
    return text
  }

  @Test func findsTheExamples() {
    // The documents hold more than a dozen; an extractor that finds none would pass everything.
    #expect(Self.all.count >= 12)
    #expect(Self.all.contains { $0.file.hasPrefix("Sources/") && $0.file.hasSuffix(".swift") })
    // The scenario format's article, in the SpeechReplay catalog, holds most of them.
    #expect(Self.all.filter { $0.file.hasSuffix(".docc/ScenarioFiles.md") }.count >= 10)
    #expect(Self.all.contains { $0.isFragment })
  }

  @Test(arguments: all.filter { !$0.isFragment })
  func exampleIsAScenarioTheDecoderReads(_ example: Example) throws {
    do {
      _ = try Scenario.parse(
        yaml: Self.completed(example.yaml), file: example.description, relativeTo: TestFiles.scenarios.path)
    } catch {
      Issue.record("\(example): the decoder rejects this example: \(error)")
    }
  }

  @Test(arguments: all.filter(\.isFragment))
  func fragmentIsYAML(_ example: Example) throws {
    #expect(throws: Never.self, "\(example)") { _ = try Yams.compose(yaml: example.yaml) }
  }

  /// The extractor on made-up text: a doc comment's block, a fragment, and a Swift block left out.
  @Test func extractsBlocksFromDocComments() {
    let source = """
      /// ```yaml
      /// expect:
      ///   final: { phase: idle }
      /// ```
      /// ```swift
      /// let x = 1
      /// ```
      let y = 2
      /// ```yaml fragment
      /// observed: { timeline: timeline.tsv }
      /// ```
      """
    let examples = Self.examples(in: source, file: "a.swift", docComment: true)
    #expect(examples.map(\.yaml) == ["expect:\n  final: { phase: idle }\n", "observed: { timeline: timeline.tsv }\n"])
    #expect(examples.map(\.isFragment) == [false, true])
    #expect(examples.map(\.line) == [1, 9])
    #expect(
      Self.completed("expect: {}\n") == "schema: 1\nexpect: {}\nname: documentation example\nsteps: [start, stop]\n")
  }
}
