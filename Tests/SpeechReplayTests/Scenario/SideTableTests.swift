import Foundation
import SimulatedDevice
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// The side files a scenario names (`taps.tsv`, `timeline.tsv`) have one writer and one reader in
/// one type each: what the writer writes, a scenario loads back unchanged.
@Suite struct SideTableTests {
  /// Writes `table` as `name` beside a scenario that names it through `key`, and loads the scenario.
  func load(table: String, name: String, yaml: String) throws -> Scenario {
    let path = try TestFiles.write(yaml)
    let folder = (path as NSString).deletingLastPathComponent
    try table.write(toFile: (folder as NSString).appendingPathComponent(name), atomically: true, encoding: .utf8)
    return try Scenario.load(fileAt: path)
  }

  @Test func aTapScheduleWrittenByItsTableLoadsAsTheSameTaps() throws {
    let taps: [Microphone.TapScheduleEntry] = [
      .init(frames: 4_800, sampleTime: 0, sampleRate: 48_000, channelCount: 1),
      .init(frames: 1_024, sampleTime: nil, sampleRate: 44_100.5, channelCount: 2),
      .init(frames: 0, sampleTime: -TapScheduleTable.largestSampleTime, sampleRate: 16_000, channelCount: 1),
    ]
    let table =
      TapScheduleTable.header(importedFrom: "device.capture")
      + taps.map {
        TapScheduleTable.line(
          frames: $0.frames, sampleTime: $0.sampleTime, sampleRate: $0.sampleRate, channelCount: $0.channelCount)
      }.joined()
    let scenario = try load(
      table: table, name: "taps.tsv",
      yaml: "schema: 1\ndevice: { microphone: { tapSchedule: taps.tsv } }\nsteps: [start, stop]\n")
    #expect(scenario.device.microphone.tapSchedule == taps)
  }

  @Test func anObservedTimelineWrittenByItsTableLoadsAsTheSameStates() throws {
    let states: [Scenario.Observed.State] = [
      .init(audioTime: 0, phase: "idle", microphone: "offered", committed: "", volatile: ""),
      .init(
        audioTime: 1.25, phase: "listening", microphone: "hidden", committed: "Tab\there, line\nthere, \\ back",
        volatile: "carriage\rreturn"),
    ]
    let table =
      ObservedTimelineTable.header(recordedIn: "device.capture") + states.map(ObservedTimelineTable.line).joined()
    let scenario = try load(
      table: table, name: "timeline.tsv",
      yaml: "schema: 1\nobserved: { timeline: timeline.tsv }\nsteps: [start, stop]\n")
    #expect(scenario.observed?.states == states)
  }

  @Test func aLineThatIsNotATapIsRefusedWithItsLineNumber() throws {
    let table = TapScheduleTable.header(importedFrom: "device.capture") + "4800\t0\t48000\t1\n4800\t0\t48000\n"
    #expect {
      try load(
        table: table, name: "taps.tsv",
        yaml: "schema: 1\ndevice: { microphone: { tapSchedule: taps.tsv } }\nsteps: [start, stop]\n")
    } throws: { error in
      "\(error)".contains("taps.tsv:3: '4800\t0\t48000' is not a tap")
    }
  }
}
