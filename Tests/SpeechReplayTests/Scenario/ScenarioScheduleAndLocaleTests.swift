import Foundation
import ReferenceSubjects
import SimulatedDevice
import Simulation
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// The scenario keys `schedule:` and `device.locale` / `device.languages`: read, located errors,
/// and the runner's schedule override (a file's `schedule: fifo` pins the default order).
@Suite struct ScenarioScheduleAndLocaleTests {
  func load(_ yaml: String) throws -> Scenario { try Scenario.load(fileAt: try TestFiles.write(yaml)) }

  func error(_ yaml: String) throws -> String {
    let path = try TestFiles.write(yaml)
    do {
      _ = try Scenario.load(fileAt: path)
      return "no error"
    } catch {
      return error.description.replacingOccurrences(of: path, with: "scenario.yaml")
    }
  }

  @Test func readsTheSchedule() throws {
    #expect(try load("schema: 1\nsteps: [start]\n").schedule == nil)
    #expect(try load("schema: 1\nschedule: fifo\nsteps: [start]\n").schedule == .fifo)
    #expect(try load("schema: 1\nschedule: { seed: 7 }\nsteps: [start]\n").schedule == .seeded(7))
    #expect(
      try load("schema: 1\nschedule: { seed: 7, wakeUpDelay: 5ms }\nsteps: [start]\n").schedule
        == .seeded(7, maximumWakeUpDelay: .milliseconds(5)))
  }

  @Test func aBadScheduleIsLocated() throws {
    #expect(
      try error("schema: 1\nschedule: random\nsteps: [start]\n")
        == "scenario.yaml:2:11: 'schedule' is 'random' but must be one of fifo")
    #expect(try error("schema: 1\nschedule: { sed: 7 }\nsteps: [start]\n").contains("unknown key 'sed' in 'schedule'"))
    #expect(
      try error("schema: 1\nschedule: { seed: 7, wakeUpDelay: 2s }\nsteps: [start]\n")
        .contains("'schedule.wakeUpDelay' must be from 0s to 1s"))
  }

  @Test func theRunnersScheduleWinsOverASeededFileButNotOverFIFO() throws {
    var runner = ScenarioRunner(subject: .reference(faults: []), snapshots: SnapshotOptions(record: .never))
    runner.schedule = .seeded(3)
    let seeded = try load("schema: 1\nschedule: { seed: 9 }\nsteps: [start, stop]\n")
    let pinned = try load("schema: 1\nschedule: fifo\nsteps: [start, stop]\n")
    let plain = try load("schema: 1\nsteps: [start, stop]\n")
    #expect(runner.run(seeded, seed: nil).scheduleSeed == 3)
    #expect(runner.run(pinned, seed: nil).scheduleSeed == nil)
    #expect(runner.run(plain, seed: nil).scheduleSeed == 3)
    runner.schedule = nil
    #expect(runner.run(seeded, seed: nil).scheduleSeed == 9)
    #expect(runner.run(plain, seed: nil).scheduleSeed == nil)
  }

  @Test func readsTheUserLocale() throws {
    let plain = try load("schema: 1\nsteps: [start]\n")
    #expect(plain.device.userLocale == "en_US")
    #expect(plain.device.preferredLanguages == ["en-US"])
    let british = try load("schema: 1\ndevice: { locale: en_GB }\nsteps: [start]\n")
    #expect(british.device.userLocale == "en_GB")
    #expect(british.device.preferredLanguages == ["en-GB"])
    let override = try load(
      "schema: 1\ndevice: { locale: en-US-u-rg-eszzzz, languages: [en-US, es-ES] }\nsteps: [start]\n")
    #expect(override.device.userLocale == "en-US-u-rg-eszzzz")
    #expect(override.device.preferredLanguages == ["en-US", "es-ES"])
    #expect(
      try error("schema: 1\ndevice: { languages: [] }\nsteps: [start]\n")
        .contains("'device.languages' lists at least one language"))
  }
}
