import Foundation
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// Issue t30's sweep of the tables a scenario names: an observed UI timeline whose audio time was
/// `nan`, `inf`, negative or 1e308 loaded (a NaN state compares false with every time, so it was
/// silently never checked); it is refused at its line, like a tap schedule's bad values.
@Suite struct HostileScenarioTablesTests {
  @Test(arguments: ["nan", "inf", "-1", "1e308", "-inf"])
  func anObservedStateAtATimeNoRecordingHasIsRefusedAtItsLine(time: String) throws {
    let folder = try TemporaryFolder(prefix: "HostileScenarioTablesTests")
    defer { folder.remove() }
    _ = try folder.write("t.tsv", "# a timeline\n0.000000\tidle\thidden\t\t\n\(time)\tlistening\toffered\t\t\n")
    let scenario = try folder.write(
      "s.yaml", "schema: 1\nname: n\nobserved: { timeline: t.tsv }\nsteps: [start, stop]\n")
    do {
      _ = try Scenario.load(fileAt: scenario)
      Issue.record("a timeline at \(time) loaded")
    } catch {
      #expect(error.location.line == 3)
      #expect(
        error.message.contains("t.tsv:3: the audio time '\(time)' is not a time of the recording (0 to 864000 s)"),
        "\(error)")
    }
  }

  @Test func anObservedTimelineOfOrdinaryTimesLoads() throws {
    let folder = try TemporaryFolder(prefix: "HostileScenarioTablesTests")
    defer { folder.remove() }
    _ = try folder.write(
      "t.tsv", "0.000000\tidle\thidden\t\t\n-0.000000\tidle\thidden\t\t\n2.5\tlistening\toffered\t\t\n")
    let scenario = try folder.write(
      "s.yaml", "schema: 1\nname: n\nobserved: { timeline: t.tsv }\nsteps: [start, stop]\n")
    #expect(throws: Never.self) { try Scenario.load(fileAt: scenario) }
  }
}
