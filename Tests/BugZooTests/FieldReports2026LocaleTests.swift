import Foundation
import LiveTranscription
import ReferenceSubjects
import SimulatedDevice
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// The locale reports of 2026 as bundled scenarios (FieldReports2026Tests has the others): a phone
/// whose locale has only an equivalent installed, and an unsupported locale that must not be
/// transcribed as English. Each fails the variant with the bug, naming its trap, and passes the
/// reference stack.
@Suite struct FieldReports2026LocaleTests {
  static func path(_ scenario: String) -> String { TestFiles.scenarios.appendingPathComponent(scenario).path }

  @Test(arguments: [
    ("locale-with-equivalent-installed.yaml", LiveTranscriber.Fault.comparesLocalesExactly, "compares locales exactly"),
    ("unsupported-locale-not-transcribed-as-english.yaml", .fallsBackToEnglish, "falls back to English"),
  ])
  func theBugFailsAndTheReferencePasses(_ scenario: String, _ fault: LiveTranscriber.Fault, _ trap: String) {
    let reference = ScenarioRunner(subject: .reference).run(fileAt: Self.path(scenario), seed: nil)
    #expect(reference.status == .passed, "\(reference.failures.map(\.description))")
    #expect(!reference.failures.contains { $0.check.family == .audio })
    let buggy = ScenarioRunner(subject: .reference(faults: [fault])).run(fileAt: Self.path(scenario), seed: nil)
    #expect(buggy.status == .failed)
    #expect(
      buggy.failures.contains { $0.check == CheckID(.state, "final") && $0.trap?.contains(trap) == true },
      "\(buggy.failures.map { "[\($0.check)] \($0.trap ?? "no trap")" })")
  }

  /// The English fallback shows English words for the Russian speech, and the trace says why.
  @Test func theEnglishFallbackShowsEnglishWordsAndADiagnostic() {
    let path = Self.path("unsupported-locale-not-transcribed-as-english.yaml")
    let run = ScenarioRunner(subject: .reference(faults: [.fallsBackToEnglish])).replay(fileAt: path, seed: nil)
    let final = run.result.failures.first { $0.check == CheckID(.state, "final") }?.message ?? ""
    #expect(final.contains("committed text at the end is \""), "\(final)")
    #expect(!final.contains("Он"), "the English model wrote Russian: \(final)")
    let diagnostics = run.timeline.events(of: .diagnostic).map { "\($0.fields)" }
    #expect(
      diagnostics.contains { $0.contains("the en-US model was given speech in ru-RU") }, "\(diagnostics)")
    // The reference stack never runs the English model on it.
    let reference = ScenarioRunner(subject: .reference).replay(fileAt: path, seed: nil)
    #expect(!reference.timeline.events(of: .diagnostic).contains { "\($0.fields)".contains("ru-RU") })
  }

  /// A phone set to en-GB without an en-GB model is not warned about: supportedLocale(equivalentTo:) maps it.
  @Test func anotherRegionOfASupportedLanguageIsNotWarnedAbout() throws {
    let scenario = try Scenario.load(fileAt: Self.path("locale-with-equivalent-installed.yaml"))
    #expect(!scenario.warnings.contains { $0.check == CheckID(.scenario, "locale") }, "\(scenario.warnings)")
  }
}
