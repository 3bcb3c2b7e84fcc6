import Foundation
import SpeechReplayTestSupport
import Testing

/// The links of the documentation: README.md's and Documentation/'s relative links lead to files
/// that exist (the guides now live in the DocC catalogs, and Documentation/ keeps a pointer per moved
/// article), and the catalogs' articles link to each other only in ways DocC checks (`doc:` links,
/// which `ci/docs` fails on when broken) — never by a relative file link, which would be dead in the
/// rendered pages. Documentation/README.md states the rules.
@Suite struct DocumentationLinkTests {
  /// One Markdown link `[text](target)` outside code.
  struct Link: CustomStringConvertible {
    var file: String
    var line: Int
    var target: String
    var description: String { "\(file):\(line): \(target)" }
  }

  /// The inline links of a Markdown text, outside fenced code blocks and code spans.
  static func links(in text: String, file: String) -> [Link] {
    var links: [Link] = []
    var fenced = false
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      if line.hasPrefix("```") {
        fenced.toggle()
        continue
      }
      if fenced { continue }
      let prose = line.replacing(#/`[^`]*`/#, with: "")
      for match in prose.matches(of: #/\]\(([^)\s]+)\)/#) {
        links.append(Link(file: file, line: index + 1, target: String(match.output.1)))
      }
    }
    return links
  }

  static func read(_ path: String) -> String {
    (try? String(contentsOf: TestFiles.root.appendingPathComponent(path), encoding: .utf8)) ?? ""
  }

  /// README.md and Documentation/*.md.
  static var repositoryDocuments: [String] {
    let documentation =
      (try? FileManager.default.contentsOfDirectory(atPath: TestFiles.root.appendingPathComponent("Documentation").path))
      ?? []
    return ["README.md"] + documentation.filter { $0.hasSuffix(".md") }.sorted().map { "Documentation/\($0)" }
  }

  /// Every article of every DocC catalog under Sources/.
  static var catalogArticles: [String] {
    let sources = FileManager.default.enumerator(atPath: TestFiles.root.appendingPathComponent("Sources").path)
    var articles: [String] = []
    while let path = sources?.nextObject() as? String {
      if path.contains(".docc/") && path.hasSuffix(".md") { articles.append("Sources/\(path)") }
    }
    return articles.sorted()
  }

  static func isExternal(_ target: String) -> Bool {
    target.hasPrefix("http://") || target.hasPrefix("https://") || target.hasPrefix("mailto:")
  }

  @Test func relativeLinksOfTheReadmeAndDocumentationLeadToFilesThatExist() {
    var checked = 0
    for document in Self.repositoryDocuments {
      let folder = URL(fileURLWithPath: document).deletingLastPathComponent().relativePath
      for link in Self.links(in: Self.read(document), file: document) {
        guard !Self.isExternal(link.target), !link.target.hasPrefix("#") else { continue }
        let path = String(link.target.split(separator: "#", maxSplits: 1)[0])
        let resolved = TestFiles.root.appendingPathComponent(folder).appendingPathComponent(path).standardizedFileURL
        #expect(FileManager.default.fileExists(atPath: resolved.path), "\(link) leads nowhere")
        checked += 1
      }
    }
    // The README and the pointers link to the catalogs' articles: an extractor finding none proves nothing.
    #expect(checked >= 30)
  }

  @Test func everyPointerInDocumentationLeadsToItsArticleInACatalog() {
    let pointers = Self.repositoryDocuments.filter { Self.read($0).contains("documentation catalog, where") }
    #expect(pointers.count >= 15, "\(pointers)")
    for pointer in pointers {
      let targets = Self.links(in: Self.read(pointer), file: pointer).map(\.target).filter { $0.contains(".docc/") }
      #expect(targets.count == 1, "\(pointer): \(targets)")
    }
  }

  @Test func catalogArticlesLinkOnlyWithLinksDocCChecks() {
    let articles = Self.catalogArticles
    #expect(articles.count >= 20, "\(articles)")
    var docLinks = 0
    for article in articles {
      for link in Self.links(in: Self.read(article), file: article) {
        if link.target.hasPrefix("doc:") {
          docLinks += 1
        } else {
          #expect(
            Self.isExternal(link.target),
            "\(link): a relative link is dead in the rendered documentation; use doc: within a catalog, or name another product's article"
          )
        }
      }
    }
    #expect(docLinks >= 20)
  }

  @Test func theExtractorSkipsCodeAndFindsLinks() {
    let text = "See [a](A.md#x) and `[b](B.md)`.\n```\n[c](C.md)\n```\n[d](doc:D)\n"
    #expect(Self.links(in: text, file: "t.md").map(\.description) == ["t.md:1: A.md#x", "t.md:5: doc:D"])
  }
}
