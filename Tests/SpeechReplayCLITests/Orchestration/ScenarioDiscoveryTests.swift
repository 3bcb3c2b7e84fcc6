import Foundation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import Testing

@Suite struct ScenarioDiscoveryTests {
  @Test func foldersAreSearchedRecursivelyAndSorted() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let files = [
      try folder.write("suite/b.yaml"), try folder.write("suite/a.yml"), try folder.write("suite/deeper/c.YAML"),
      try folder.write("suite/deeper/notes.txt"), try folder.write("suite/z/aa.yaml"),
    ]
    try FileManager.default.createDirectory(
      atPath: folder.path + "/suite/folder.yaml", withIntermediateDirectories: true)
    let found = try ScenarioDiscovery.files(in: [folder.path + "/suite"])
    #expect(found == [files[1], files[0], files[2], files[4]])
  }

  @Test func filesNamedDirectlyKeepTheirPlaceAndDuplicatesAreDropped() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let a = try folder.write("s/a.yaml")
    let b = try folder.write("s/b.yaml")
    let direct = try folder.write("direct.scenario")
    let found = try ScenarioDiscovery.files(in: [b, direct, folder.path + "/s", folder.path + "/s/../s/a.yaml"])
    #expect(found == [b, direct, a])
  }

  @Test func missingPathIsNamed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let missing = folder.path + "/nope"
    #expect {
      try ScenarioDiscovery.files(in: [missing])
    } throws: { error in
      (error as? OrchestrationError)?.message.hasPrefix("\(missing): no such file or folder") == true
    }
  }

  @Test func folderWithoutScenariosIsAnError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.write("empty/readme.txt")
    #expect {
      try ScenarioDiscovery.files(in: [folder.path + "/empty"])
    } throws: { error in
      (error as? OrchestrationError)?.message.contains("no scenario files (*.yaml, *.yml)") == true
    }
  }

  @Test func shardKeysAreRelativeToTheWorkingDirectory() {
    #expect(ScenarioDiscovery.shardKey(for: "Scenarios/a.yaml", workingDirectory: "/repo") == "Scenarios/a.yaml")
    #expect(ScenarioDiscovery.shardKey(for: "./Scenarios/./a.yaml", workingDirectory: "/repo") == "Scenarios/a.yaml")
    #expect(ScenarioDiscovery.shardKey(for: "/repo/Scenarios/a.yaml", workingDirectory: "/repo/") == "Scenarios/a.yaml")
    #expect(ScenarioDiscovery.shardKey(for: "../other/a.yaml", workingDirectory: "/repo") == "/other/a.yaml")
    #expect(ScenarioDiscovery.shardKey(for: "/repository/a.yaml", workingDirectory: "/repo") == "/repository/a.yaml")
  }
}
