import Foundation
import SpeechReplayTestSupport
import Testing

/// Documentation/Architecture.md against Package.swift: the module table lists exactly the targets
/// under `Sources/` (with the right product column), and the mermaid graph draws exactly their
/// direct dependencies (targets and products), read from `swift package describe --type json`.
@Suite struct ArchitectureDocumentTests {
  /// One target of the package as `swift package describe` reports it.
  struct Target: Decodable {
    var name: String
    var path: String
    var targetDependencies: [String]?
    var productDependencies: [String]?

    enum CodingKeys: String, CodingKey {
      case name, path
      case targetDependencies = "target_dependencies"
      case productDependencies = "product_dependencies"
    }
  }

  /// One product of the package.
  struct Product: Decodable {
    var name: String
    var type: [String: AnyCodableValue]
  }

  /// A product's type is `{ "library": ["automatic"] }` or `{ "executable": null }`; only the key matters.
  struct AnyCodableValue: Decodable {
    init(from decoder: any Decoder) throws {}
  }

  /// The part of the description the test reads.
  struct Description: Decodable {
    var targets: [Target]
    var products: [Product]
  }

  static let architecture = TestFiles.root.appendingPathComponent("Documentation/Architecture.md")

  /// The package's targets and products, from the toolchain's `swift package describe`.
  static func describePackage(swift: URL) throws -> Description {
    // A scratch folder of its own: `swift test` holds the lock of `.build` while this runs.
    let scratch = try TemporaryFolder(prefix: "describe")
    defer { scratch.remove() }
    let process = Process()
    process.executableURL = swift
    process.arguments = [
      "package", "--package-path", TestFiles.root.path, "--scratch-path", scratch.path, "describe", "--type", "json",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "swift package describe exited with \(process.terminationStatus)")
    return try JSONDecoder().decode(Description.self, from: data)
  }

  /// The module table's rows: backticked module names and the product column.
  static func tableRows(_ markdown: String) -> [(modules: [String], product: String)] {
    var rows: [(modules: [String], product: String)] = []
    var inTable = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("| layer | module | product |") {
        inTable = true
        continue
      }
      guard inTable else { continue }
      guard line.hasPrefix("|") else {
        if !rows.isEmpty { break }
        continue
      }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard cells.count > 3, !cells[1].hasPrefix("---") else { continue }
      rows.append((backticked(cells[2]), cells[3]))
    }
    return rows
  }

  /// The names between backticks in a table cell.
  static func backticked(_ cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map {
      String($0.element)
    }
  }

  /// The edges of the first mermaid graph: `A --> B & C` is A→B and A→C.
  static func graphEdges(_ markdown: String) -> Set<Edge> {
    var edges: Set<Edge> = []
    var inGraph = false
    for line in markdown.split(separator: "\n") {
      if line.hasPrefix("```mermaid") {
        inGraph = true
        continue
      }
      guard inGraph else { continue }
      if line.hasPrefix("```") { break }
      let sides = line.components(separatedBy: "-->")
      guard sides.count == 2 else { continue }
      let names = { (side: String) in side.split(separator: "&").map { $0.trimmingCharacters(in: .whitespaces) } }
      for from in names(sides[0]) {
        for to in names(sides[1]) { edges.insert(Edge(from: from, to: to)) }
      }
    }
    return edges
  }

  /// One dependency: `from` depends on `to`.
  struct Edge: Hashable, CustomStringConvertible {
    var from: String
    var to: String
    var description: String { "\(from) --> \(to)" }
  }

  @Test(.enabled(if: SwiftToolchain.swift != nil, "no swift executable (SWIFT_EXEC's folder, then PATH)"))
  func tableListsEveryModuleUnderSources() throws {
    let package = try Self.describePackage(swift: try #require(SwiftToolchain.swift))
    let rows = Self.tableRows(try String(contentsOf: Self.architecture, encoding: .utf8))
    let sources = package.targets.filter { $0.path.hasPrefix("Sources/") }
    let documented = rows.flatMap(\.modules)
    #expect(
      Set(documented) == Set(sources.map(\.name)),
      "Architecture.md's table and Package.swift's targets under Sources/ differ")
    #expect(documented.count == Set(documented).count, "a module is listed twice in Architecture.md's table")
    for row in rows {
      for module in row.modules {
        let product = package.products.first { $0.name == module }
        let expected = product.map { $0.type.keys.contains("executable") ? "executable" : "yes" } ?? "—"
        #expect(
          row.product == expected,
          "Architecture.md says \(module)'s product is '\(row.product)'; Package.swift says '\(expected)'")
      }
    }
  }

  @Test(.enabled(if: SwiftToolchain.swift != nil, "no swift executable (SWIFT_EXEC's folder, then PATH)"))
  func graphDrawsEveryDirectDependency() throws {
    let package = try Self.describePackage(swift: try #require(SwiftToolchain.swift))
    let drawn = Self.graphEdges(try String(contentsOf: Self.architecture, encoding: .utf8))
    var declared: Set<Edge> = []
    for target in package.targets where target.path.hasPrefix("Sources/") {
      for dependency in (target.targetDependencies ?? []) + (target.productDependencies ?? []) {
        declared.insert(Edge(from: target.name, to: dependency))
      }
    }
    #expect(
      drawn.subtracting(declared).sorted { $0.description < $1.description } == [],
      "drawn in Architecture.md, not in Package.swift")
    #expect(
      declared.subtracting(drawn).sorted { $0.description < $1.description } == [],
      "in Package.swift, not drawn in Architecture.md")
  }

  /// The parsers find what is there: a table row and a graph line of a made-up document.
  @Test func readsTableAndGraph() {
    let markdown = """
      | layer | module | product | what it is |
      | --- | --- | --- | --- |
      | audio | `A`, `B` | yes | two |

      ```mermaid
      graph BT
        A --> B & C
      ```
      """
    #expect(Self.tableRows(markdown).map(\.modules) == [["A", "B"]])
    #expect(Self.tableRows(markdown).map(\.product) == ["yes"])
    #expect(Self.graphEdges(markdown) == [Edge(from: "A", to: "B"), Edge(from: "A", to: "C")])
  }
}
