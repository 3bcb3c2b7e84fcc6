import Foundation
import SpeechReplayTestSupport
import Testing

/// Twins.md's coverage tables against the twins' public declarations: every name in the "not
/// mirrored" table must be absent from the twins' public API, and every name in the 27 SDK table
/// present, so the document cannot list an API as both mirrored and missing.
@Suite struct TwinsDocumentTests {
  static let twins = TestFiles.root.appendingPathComponent("Sources/SpeechShim/SpeechShim.docc/Twins.md")
  static let twinModules = [
    "AVFAudioTwin", "AVFAudioTwinTapAPI", "AVFoundationTwin", "CoreAudioTypesTwin", "CoreMediaTwin", "SpeechTwin",
  ]

  /// Names declared `public` or `open` in the twin modules: types, members, functions, cases of
  /// public enums; functions and initializers also with their argument labels (`read(frameCount:)`,
  /// `init(analyzerFormat:configurationHandler:)`).
  static func publicNames() throws -> Set<String> {
    var names: Set<String> = []
    let declaration = try Regex(
      #"(?:public|open)\s+(?:(?:final|static|class|convenience|override|nonisolated|mutating|required|indirect)\s+)*(?:class|struct|enum|protocol|typealias|func|var|let|actor|init)\b\s*`?(\w*)"#
    )
    let enumCase = try Regex(#"^\s+case\s+`?(\w+)"#).anchorsMatchLineEndings()
    for module in twinModules {
      let folder = TestFiles.root.appendingPathComponent("Sources/\(module)")
      guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
      for case let file as URL in files where file.pathExtension == "swift" {
        let text = try String(contentsOf: file, encoding: .utf8)
        for match in text.matches(of: declaration) {
          let keywordIsInit = text[match.range].hasSuffix("init") || text[match.range].contains("init(")
          let name = keywordIsInit ? "init" : String(match.output[1].substring ?? "")
          names.insert(name)
          if let labels = labels(after: match.range.upperBound, in: text) { names.insert("\(name)(\(labels))") }
        }
        for match in text.matches(of: enumCase) { names.insert(String(match.output[1].substring ?? "")) }
      }
    }
    return names
  }

  /// The argument labels of the parameter list that starts at `index` (after generic parameters),
  /// as `a:b:` (`_:` for an unlabelled one); nil when no list follows.
  static func labels(after index: String.Index, in text: String) -> String? {
    var position = index
    if position < text.endIndex, text[position] == "`" { position = text.index(after: position) }
    if position < text.endIndex, text[position] == "<" {
      position = text[position...].firstIndex(of: ">").map { text.index(after: $0) } ?? position
    }
    guard position < text.endIndex, text[position] == "(" else { return nil }
    var depth = 0
    var parameters: [String] = [""]
    for character in text[position...] {
      if "([<".contains(character) { depth += 1 }
      if ")]>".contains(character) { depth -= 1 }
      if depth == 0 { break }
      if depth == 1 && character == "," {
        parameters.append("")
      } else if depth >= 1 {
        parameters[parameters.count - 1].append(character)
      }
    }
    let labels = parameters.compactMap { parameter -> String? in
      let trimmed = parameter.drop { $0 == "(" || $0.isWhitespace }
      guard let label = trimmed.split(whereSeparator: { $0 == " " || $0 == ":" }).first else { return nil }
      return "\(label):"
    }
    return labels.joined()
  }

  /// The rows of the first table after `heading`.
  static func rows(after heading: String, in text: String) throws -> [[String]] {
    let section = try #require(text.range(of: heading)).upperBound
    var rows: [[String]] = []
    var inTable = false
    for line in text[section...].split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("|") {
        inTable = true
        rows.append(line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) })
      } else if inTable {
        break
      }
    }
    return Array(rows.dropFirst(2))  // header and rule
  }

  /// The API names in a cell: each backticked span's name — the last identifier of a dotted path,
  /// with its argument labels when the span is a signature (`read(frameCount:)`; a type's
  /// `Type(label:)` is `init(label:)`), without leading dots.
  static func apiNames(in cell: String) -> [String] {
    cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().compactMap { index, span in
      guard index % 2 == 1 else { return nil }
      let head = span.prefix { $0 != "(" && $0 != " " && $0 != "<" }
      guard var name = head.split(separator: ".").last.map(String.init), name.first?.isLetter == true else {
        return nil
      }
      let rest = span.dropFirst(head.count)
      if rest.hasPrefix("("), rest.hasSuffix(":)"), !rest.contains(" ") {
        if name.first?.isUppercase == true { name = "init" }
        return name + rest
      }
      return name
    }
  }

  @Test func namesListedAsNotMirroredAreNotDeclared() throws {
    let text = try String(contentsOf: Self.twins, encoding: .utf8)
    let declared = try Self.publicNames()
    let rows = try Self.rows(after: "## What is not mirrored yet", in: text)
    #expect(rows.count > 5)
    let contradictions = rows.flatMap { row in Self.apiNames(in: row[1]).filter(declared.contains) }
    #expect(contradictions == [], "Twins.md lists these as not mirrored, but the twins declare them")
  }

  @Test func namesOfThe27SDKTableAreDeclared() throws {
    let text = try String(contentsOf: Self.twins, encoding: .utf8)
    let declared = try Self.publicNames()
    let rows = try Self.rows(after: "## The 27 SDK (issue 34)", in: text)
    #expect(rows.count > 10)
    let missing = rows.flatMap { row in Self.apiNames(in: row[0]).filter { !declared.contains($0) } }
    #expect(missing == [], "Twins.md lists these as mirrored for the 27 SDK, but the twins do not declare them")
  }

  @Test func theCheckCanFail() throws {
    let declared = try Self.publicNames()
    #expect(declared.contains("AnalyzerInputConverter"))
    #expect(declared.contains("flush"))
    #expect(declared.contains("CMReadySampleBuffer"))
    #expect(!declared.contains("supportedPhonemes"))
    #expect(declared.contains("read(frameCount:)"))
    #expect(declared.contains("init(analyzerFormat:configurationHandler:)"))
    #expect(!declared.contains("allocate(locale:)"))
    let names = Self.apiNames(
      in: "`AVAudioSession.deactivate(options:)`, `.offlineTranscription`, `AVAudioFormat(streamDescription:)`")
    #expect(names == ["deactivate(options:)", "offlineTranscription", "init(streamDescription:)"])
  }
}
