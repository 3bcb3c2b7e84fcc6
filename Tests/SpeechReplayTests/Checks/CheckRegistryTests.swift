import Foundation
import SpeechReplayTestSupport
import Testing

@testable import SpeechReplay

/// The registry of check families: every family folder's declaration is registered (a family
/// declared but not listed in `CheckRegistry` would be silently skipped: its keys unknown, its checks
/// never run), names and keys are distinct, and expectations compare by every family's part.
@Suite struct CheckRegistryTests {
  /// `Sources/SpeechReplay/Checks/`.
  static let checksFolder = TestFiles.root.appendingPathComponent("Sources/SpeechReplay/Checks")

  /// The `enum <Name>: CheckFamily` declarations in a folder's Swift files.
  static func declarations(in folder: URL) throws -> [String] {
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
    var names: [String] = []
    for file in files {
      let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") where line.hasPrefix("enum ") && line.contains(": CheckFamily") {
        names.append(String(line.dropFirst("enum ".count).prefix { $0 != ":" }))
      }
    }
    return names
  }

  /// The family folders under `Checks/`.
  static func familyFolders() throws -> [URL] {
    try FileManager.default.contentsOfDirectory(atPath: checksFolder.path).sorted().map {
      checksFolder.appendingPathComponent($0)
    }.filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
  }

  @Test func everyFamilyFolderDeclaresOneFamilyAndItIsRegistered() throws {
    let registered = CheckRegistry.families.map { String(describing: $0) }
    let folders = try Self.familyFolders()
    #expect(folders.count == registered.count, "one folder per registered family")
    for folder in folders {
      let declared = try Self.declarations(in: folder)
      #expect(declared.count == 1, "\(folder.lastPathComponent)/ declares \(declared) (expected one CheckFamily)")
      for name in declared {
        #expect(
          registered.contains(name),
          "\(folder.lastPathComponent)/\(name) is declared but not listed in CheckRegistry.families")
      }
    }
  }

  @Test func familiesHaveDistinctNamesAndKeysAndReadBack() {
    let families = CheckRegistry.families.map { $0.family }
    #expect(Set(families).count == families.count)
    let keys = CheckRegistry.expectKeys.map(\.name)
    #expect(Set(keys).count == keys.count)
    #expect(!keys.contains(ScenarioKeys.Expect.trap.name))
    for family in CheckID.Family.allCases {
      #expect(CheckID.Family(rawValue: family.rawValue) == family)
    }
    #expect(CheckID.Family(rawValue: "nonsense") == nil)
    #expect(ScenarioKeys.Expect.all.names.starts(with: keys))
  }

  @Test func familyNamesRoundTripThroughJSONAndUnknownOnesAreRefused() throws {
    let data = try JSONEncoder().encode(CheckID(.audio, "lost"))
    #expect(try JSONDecoder().decode(CheckID.self, from: data) == CheckID(.audio, "lost"))
    #expect(String(decoding: try JSONEncoder().encode(CheckID.Family.inputQueue), as: UTF8.self) == "\"inputQueue\"")
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(CheckID.Family.self, from: Data("\"nope\"".utf8)) }
  }

  @Test func architectureDocumentListsEveryRegisteredFamily() throws {
    let text = try String(
      contentsOf: TestFiles.root.appendingPathComponent("Documentation/Architecture.md"), encoding: .utf8)
    for family in CheckRegistry.families {
      #expect(text.contains("| `\(family.family.rawValue)` |"), "no row for \(family.family) in Architecture.md")
    }
  }

  @Test func expectationsCompareByEveryFamilyPart() throws {
    func expectations(_ expect: String) throws -> Scenario.Expectations {
      try Scenario.parse(
        yaml:
          "schema: 1\nname: compare\naudio: ../fixtures/audio/hello-world.wav\nsteps:\n  - start\n  - snapshot: here\n  - stop\nexpect:\n\(expect)\n",
        file: "compare.yaml", relativeTo: TestFiles.scenarios.path
      ).expectations
    }
    let base = try expectations("  final: { phase: listening }")
    #expect(try expectations("  final: { phase: listening }") == base)
    // A part set to its default means what an absent one does.
    var defaulted = base
    defaulted.metrics = Scenario.MetricLimits()
    defaulted.golden = nil
    #expect(defaulted == base)
    #expect(try expectations("  final: { phase: listening }\n  metrics: { upwr: { max: 0.2 } }") != base)
    #expect(try expectations("  final: { phase: listening }\n  budgets: { final: 2s }") != base)
    #expect(try expectations("  final: { phase: listening }\n  audio: off") != base)
    #expect(try expectations("  final: { phase: listening }\n  snapshots: { here: { phase: idle } }") != base)
    #expect(try expectations("  final: { phase: idle }") != base)
  }
}
