import Foundation
import LiveTranscription
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// What apps shipped broken in 2026, as bundled scenarios on real speech: each fails the bug-zoo
/// stack that has the bug, naming its trap, and passes the reference stack (BundledScenarioTests).
/// The public report behind each is cited in the scenario's description.
@Suite struct FieldReports2026Tests {
  struct Report: Sendable, CustomTestStringConvertible {
    let scenario: String
    let fault: LiveTranscriber.Fault
    let check: CheckID
    let trap: String
    var testDescription: String { scenario }
  }

  static let reports = [
    // saurabhav88/EnviousWispr#2450: nothing final at release, a cancel loses every word.
    Report(
      scenario: "stop-before-anything-final.yaml", fault: .stopsWithoutFinalizing, check: CheckID(.state, "final"),
      trap: "cancels instead of finalizing"),
    // tornikegomareli/Talkify#23, zachswift615/speak2#28: AirPods' hands-free profile mid-session.
    Report(
      scenario: "bluetooth-headset-mid-session.yaml", fault: .keepsConverterAcrossRouteChange,
      check: CheckID(.state, "final"), trap: "converter kept across a route change"),
    // walktalkmeditate/pilgrim-ios#47: any interruption ended the recording.
    Report(
      scenario: "notification-interruption.yaml", fault: .endsRecordingOnInterruption,
      check: CheckID(.state, "final"), trap: "ends the recording on any interruption"),
    Report(
      scenario: "notification-interruption.yaml", fault: .ignoresInterruptionEnd, check: CheckID(.state, "final"),
      trap: "ends the recording on any interruption"),
    // FrigadeHQ/yap#5: en-US-u-rg-eszzzz compared exactly with the supported locales.
    Report(
      scenario: "locale-with-region-override.yaml", fault: .comparesLocalesExactly, check: CheckID(.state, "final"),
      trap: "compares locales exactly"),
  ]

  @Test(arguments: reports) func theBugFailsAndTheReferencePasses(_ report: Report) {
    let path = TestFiles.scenarios.appendingPathComponent(report.scenario).path
    let reference = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(reference.status == .passed, "\(reference.failures.map(\.description))")
    let buggy = ScenarioRunner(subject: .reference(faults: [report.fault])).run(fileAt: path, seed: nil)
    #expect(buggy.status == .failed)
    #expect(
      buggy.failures.contains { $0.check == report.check && $0.trap?.contains(report.trap) == true },
      "\(buggy.failures.map { "[\($0.check)] \($0.trap ?? "no trap")" })")
    // Real speech gives no false alarm about the audio on a correct stack.
    #expect(!reference.failures.contains { $0.check.family == .audio })
  }

  /// A stack that drops buffers, on real speech: the loss is the one cause named; the seams of the
  /// drops (where speech is cut mid-word) are not reported as a wrong sample scale or channel.
  @Test(arguments: [
    "stop-before-anything-final.yaml", "bluetooth-headset-mid-session.yaml", "notification-interruption.yaml",
  ])
  func dropSeamsInRealSpeechAreFoldedIntoTheLoss(_ scenario: String) {
    let path = TestFiles.scenarios.appendingPathComponent(scenario).path
    let buggy = ScenarioRunner(subject: .reference(faults: [.dropsEveryTenthBuffer])).run(fileAt: path, seed: nil)
    let audio = buggy.failures.filter { $0.check.family == .audio }
    #expect(audio.map(\.check) == [CheckID(.audio, "lost")], "\(audio.map(\.message))")
  }
}
