import Foundation
import SpeechReplayTestSupport
import Testing

/// Facts the documentation states about the repository, held to the repository: the public API
/// count in Architecture.md is the source's, counted the way the document says, and every
/// repository path cited in a code span of README.md, Documentation/ and the DocC catalogs exists
/// (relative links are DocumentationLinkTests' part).
@Suite struct DocumentationFactsTests {
  /// One repository path cited in a code span.
  struct Citation: CustomStringConvertible {
    var file: String
    var line: Int
    var path: String
    var description: String { "\(file):\(line): `\(path)`" }
  }

  /// The folders at the repository's root that a cited path starts with.
  static let roots = [
    "Sources/", "Tests/", "Documentation/", "Scenarios/", "ci/", "fixtures/", "Examples/", "Benchmarks/",
  ]

  /// Where a cited path may live: the repository, or the example package that *Testing your own
  /// stack* follows (it cites the example's `Sources/Dictation/` as an app team would see it).
  static let bases = ["", "Examples/YourOwnStack/"]

  /// The code spans of a text that name a repository path, outside fenced code blocks. A span with
  /// a placeholder (`*`, `<…>`, `…`, `{`, `$`) names a pattern, not a file, and is left out; a
  /// trailing `:line` or `:line:column` is dropped.
  static func citations(in text: String, file: String) -> [Citation] {
    var citations: [Citation] = []
    var fenced = false
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.hasPrefix("```") {
        fenced.toggle()
        continue
      }
      if fenced { continue }
      for match in line.matches(of: #/`([^`\s]+)`/#) {
        var path = String(match.output.1)
        guard roots.contains(where: path.hasPrefix), !path.contains(where: "*<>…{}$".contains) else { continue }
        path = path.replacing(#/:\d+(:\d+)?$/#, with: "")
        citations.append(Citation(file: file, line: index + 1, path: path))
      }
    }
    return citations
  }

  /// Whether a cited path names something in the repository: the path itself, a Swift file without
  /// its extension (`Tests/BugZooTests/ExplorationTests`), or a test in a file
  /// (`Tests/…/HardeningTests.everyWindow…`).
  static func exists(_ path: String) -> Bool {
    var candidates = [path, path + ".swift"]
    let name = path.split(separator: "/").last ?? ""
    if let dot = name.firstIndex(of: "."), !path.hasSuffix("/") {
      candidates.append(path.dropLast(name.distance(from: dot, to: name.endIndex)) + ".swift")
    }
    return bases.contains { base in
      candidates.contains {
        FileManager.default.fileExists(atPath: TestFiles.root.appendingPathComponent(base + $0).path)
      }
    }
  }

  /// README.md, Documentation/*.md and every article and tutorial of the DocC catalogs.
  static var documents: [String] {
    let articles = DocumentationLinkTests.catalogArticles
    let sources = FileManager.default.enumerator(atPath: TestFiles.root.appendingPathComponent("Sources").path)
    var tutorials: [String] = []
    while let path = sources?.nextObject() as? String {
      if path.contains(".docc/") && path.hasSuffix(".tutorial") { tutorials.append("Sources/\(path)") }
    }
    return DocumentationLinkTests.repositoryDocuments + articles + tutorials.sorted()
  }

  @Test func everyRepositoryPathCitedInTheDocumentationExists() {
    var checked = 0
    for document in Self.documents {
      for citation in Self.citations(in: DocumentationLinkTests.read(document), file: document) {
        #expect(Self.exists(citation.path), "\(citation) is not in the repository")
        checked += 1
      }
    }
    // The documents cite about two hundred paths: an extractor finding few proves nothing.
    #expect(checked >= 150, "only \(checked) cited paths found")
  }

  /// The number of public declarations Architecture.md states for `SpeechReplay`, and the command it
  /// counts them with: lines matching `^\s*(@[A-Za-z]+ )*public\b` in its Swift files.
  @Test func publicDeclarationCountInArchitectureIsTheSources() throws {
    let architecture = try String(contentsOf: ArchitectureDocumentTests.architecture, encoding: .utf8)
    let stated = try #require(
      architecture.firstMatch(of: #/public declarations before this shape, \d+ right after it, and (\d+) now/#),
      "Architecture.md no longer states SpeechReplay's public declaration count")
    let counted = try Self.publicDeclarations(under: "Sources/SpeechReplay")
    #expect(
      Int(stated.output.1) == counted,
      "Architecture.md says SpeechReplay has \(stated.output.1) public declarations; the source has \(counted)")
  }

  /// Lines that declare something public in the Swift files under a folder, as the document's
  /// `grep -rhE '^\s*(@[A-Za-z]+ )*public\b' FOLDER --include=*.swift | wc -l` counts them.
  static func publicDeclarations(under folder: String) throws -> Int {
    let root = TestFiles.root.appendingPathComponent(folder)
    let files = FileManager.default.enumerator(atPath: root.path)
    var count = 0
    while let path = files?.nextObject() as? String {
      guard path.hasSuffix(".swift") else { continue }
      let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
      count += publicLines(in: text)
    }
    return count
  }

  static func publicLines(in text: String) -> Int {
    text.split(separator: "\n").filter { $0.contains(#/^\s*(@[A-Za-z]+ )*public\b/#) }.count
  }

  @Test func theExtractorsFindPathsAndPublicLines() {
    let text = """
      See `Sources/SpeechReplay/Running/ScenarioRunner.swift:12` and `Tests/*/Fixtures`, not `swift test`.
      ```
      `Sources/Nowhere.swift`
      ```
      """
    #expect(
      Self.citations(in: text, file: "t.md").map(\.description) == [
        "t.md:1: `Sources/SpeechReplay/Running/ScenarioRunner.swift`"
      ])
    #expect(Self.exists("Sources/SpeechReplay/Running/ScenarioRunner"))
    #expect(Self.exists("Tests/SpeechReplayCLITests/HardeningTests.everyWindowOfEveryBundledCapture"))
    #expect(Self.exists("Sources/DictationReadiness/MicrophoneReadiness.swift"))
    #expect(!Self.exists("Tests/SpeechReplayTests/History/HistoryConcurrencyTests.swift"))
    let swift = "public struct A {}\n  @MainActor public func b()\n  /// public in a comment\npackage var c = 1\n"
    #expect(Self.publicLines(in: swift) == 2)
  }
}
