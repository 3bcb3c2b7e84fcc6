import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayTestSupport
import Testing

/// Input that used to be accepted silently: each is now a located error, or a located warning in
/// the scenario and its result.
@Suite struct ScenarioInputChecksTests {
  func load(_ yaml: String) throws -> (path: String, result: Result<Scenario, ScenarioError>) {
    let path = try TestFiles.write(yaml)
    do {
      return (path, .success(try Scenario.load(fileAt: path)))
    } catch {
      return (path, .failure(error))
    }
  }

  func error(_ yaml: String) throws -> String {
    let (path, result) = try load(yaml)
    guard case .failure(let error) = result else { return "no error" }
    return error.description.replacingOccurrences(of: path, with: "scenario.yaml")
  }

  func warnings(_ yaml: String) throws -> [String] {
    let (path, result) = try load(yaml)
    guard case .success(let scenario) = result else { return ["error: \(result)"] }
    return scenario.warnings.map { $0.description.replacingOccurrences(of: path, with: "scenario.yaml") }
  }

  @Test func aSchemaWrittenAsTextIsAnErrorWithTheFix() throws {
    #expect(
      try error("schema: \"1\"\nsteps: [stop]\n")
        == "scenario.yaml:1:9: 'schema' is the text '1', not a number; write schema: 1 without quotes")
  }

  @Test func anUnknownPresetFailsAtItsKeyWithASuggestion() throws {
    let path = try TestFiles.write("schema: 1\nsubject:\n  preset: fil\nsteps: [stop]\n")
    let result = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(result.status == .failed)
    #expect(
      result.failures.map(\.description) == [
        "\(path):3:11: 'subject.preset' is 'fil', but the subject LiveTranscription has the presets 'file', did you mean 'file'?; remove the key for the subject's default, or name one of its presets"
      ])
    // A subject that declares no presets decides for itself.
    let anyPreset = SubjectFactory(name: "any preset", make: SubjectFactory.reference.make)
    #expect(ScenarioRunner(subject: anyPreset).run(fileAt: path, seed: nil).status == .passed)
  }

  @Test func aLocaleThatIsNoLocaleIsAnError() throws {
    #expect(
      try error("schema: 1\nmodel: { locale: english }\nsteps: [stop]\n").hasPrefix(
        "scenario.yaml:2:18: 'english' is not a locale; write a BCP-47 identifier such as en-US"))
    #expect(try error("schema: 1\nsubject: { locale: en-UX }\nsteps: [stop]\n").contains("'en-UX' is not a locale"))
    #expect(try error("schema: 1\nsteps: [{ install: xx-YY }]\n").contains("'xx-YY' is not a locale"))
    #expect(try error("schema: 1\ndevice: { locales: { supported: [en_US, de-DE] } }\nsteps: [stop]\n") == "no error")
  }

  @Test func anInstalledLocaleMustBeSupported() throws {
    let text = try error(
      "schema: 1\ndevice:\n  locales: { supported: [en-US], installed: [en-US, ko-KR] }\nsteps: [stop]\n")
    #expect(
      text
        == "scenario.yaml:3:53: the locale 'ko-KR' is installed but not among the supported locales (en-US); add it to device.locales.supported",
      "\(text)")
  }

  @Test func anUnsupportedSubjectLocaleIsAWarning() throws {
    #expect(
      try warnings("schema: 1\ndevice: { locales: { supported: [en-US] } }\nmodel: { locale: ko-KR }\nsteps: [stop]\n")
        == [
          "scenario.yaml:3:18: the subject transcribes 'ko-KR', and the device supports no locale of its language (en-US), so even supportedLocale(equivalentTo:) will find no model; if that is not the point of the scenario, add it to device.locales.supported"
        ])
  }

  /// en-GB on an en-US device, a region override, another spelling: `supportedLocale(equivalentTo:)`
  /// finds en-US for each, so a stack that asks it finds a model and the lint must not say otherwise.
  @Test func anEquivalentSubjectLocaleIsNoWarning() throws {
    for locale in ["en-GB", "en_GB", "en-US-u-rg-eszzzz", "en-AU"] {
      #expect(
        try warnings(
          "schema: 1\ndevice: { locales: { supported: [en-US] } }\nmodel: { locale: \(locale) }\nsteps: [stop]\n")
          == [], "\(locale)")
    }
    #expect(
      try warnings(
        "schema: 1\ndevice: { locales: { supported: [en-US] } }\nsubject: { locale: fr-FR }\nsteps: [stop]\n"
      ).count
        == 1)
  }

  @Test func aPromptDelayNeedsAnUndeterminedPermission() throws {
    #expect(
      try error("schema: 1\ndevice: { permission: { state: granted, after: 2s } }\nsteps: [stop]\n").contains(
        "'device.permission.after' is how long the prompt shows"))
    #expect(
      try error("schema: 1\ndevice: { permission: { state: undetermined, answer: deny, after: 2s } }\nsteps: [stop]\n")
        == "no error")
  }

  @Test func rewritesOutsideTheTranscriptAreAnError() throws {
    let yaml =
      "schema: 1\naudio: audio/hello-world.wav\nmodel:\n  transcript: audio/hello-world.words.tsv\n  generate: { rewrites: { 2: worm } }\nsteps: [stop]\n"
    #expect(
      try error(yaml)
        == "scenario.yaml:5:27: 'model.generate.rewrites' rewrites word 2, but the transcript has 2 words (0 to 1, counted from 0); use an index of a word in the transcript"
    )
    #expect(try error(yaml.replacingOccurrences(of: "2: worm", with: "1: word")) == "no error")
  }

  @Test func aWordTableRowThatEndsBeforeItStartsNamesTheTableAndLine() throws {
    let folder = try TemporaryFolder()
    let table = folder.url.appendingPathComponent("bad.words.tsv")
    try "start_sample\tend_sample\tstart_s\tend_s\tword\n0\t100\t0\t0.01\thello\n900\t800\t0.05\t0.04\tworld\n".write(
      to: table, atomically: true, encoding: .utf8)
    let text = try error("schema: 1\nmodel: { transcript: \(table.path) }\nsteps: [stop]\n")
    #expect(
      text.hasSuffix(
        "the transcript '\(table.path)' is not a word-timing table: \(table.path):3: the word ends (800) before it starts (900)"
      ), "\(text)")
  }

  @Test func resultsOutOfOrderAreAnErrorAndResultsPastTheAudioAWarning() throws {
    #expect(
      try error("schema: 1\nmodel:\n  results:\n    - { at: 2s, text: b }\n    - { at: 1s, text: a }\nsteps: [stop]\n")
        == "scenario.yaml:5:13: this result is at 1s, before the one at 2s on line 4; list results in time order")
    let late = try warnings(
      "schema: 1\naudio: audio/hello-world.wav\nmodel:\n  results:\n    - { at: 1s, text: a }\n    - { at: 5s, final: A }\nsteps: [stop]\n"
    )
    #expect(
      late == [
        "scenario.yaml:6:13: this result is at 5s, after the end of the 1.79s audio file, so the model never hears that far; move it within the audio"
      ],
      "\(late)")
  }

  @Test func aPlayPastTheEndOfTheFileIsAWarning() throws {
    let past = try warnings(
      "schema: 1\naudio: audio/hello-world.wav\nsteps:\n  - start\n  - play: 1s\n  - play: 2s\n  - stop\n")
    #expect(
      past == [
        "scenario.yaml:6:5: this step plays 2s but only 789ms of the 1.79s audio file is left, so the microphone hears silence after it; write play: end to play the rest, or a shorter duration"
      ], "\(past)")
    #expect(
      try warnings("schema: 1\naudio: audio/hello-world.wav\nsteps: [start, { play: 1s }, { play: end }, stop]\n") == []
    )
  }

  @Test func aCutShortAudioFileIsAWarningInTheRunResult() throws {
    let folder = try TemporaryFolder()
    let whole = try Data(contentsOf: TestFiles.audio.appendingPathComponent("hello-world.wav"))
    let cut = folder.url.appendingPathComponent("cut.wav")
    try whole.prefix(whole.count / 2).write(to: cut)
    let path = try TestFiles.write("schema: 1\naudio: \(cut.path)\nsteps: [start, { play: end }, stop]\n")
    let result = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(result.status == .passed, "\(result.failures)")
    #expect(result.warnings.count == 1)
    let text = result.warnings.first?.description ?? ""
    #expect(text.hasPrefix("\(path):2:8: the audio file has a problem: "), "\(text)")
    #expect(text.contains("cut.wav"), "\(text)")
  }
}

/// Diagnostics have levels: notes never fail `diagnostics: none`; `allow` accepts known warnings.
extension ScenarioInputChecksTests {
  @Test func theBufferSizeNoteDoesNotFailDiagnosticsNone() throws {
    // The reference stack asks for 4096-frame taps; the device delivers 480: a note, not a warning.
    let path = try TestFiles.write(
      "schema: 1\naudio: audio/hello-world.wav\ndevice: { microphone: { tapFrames: 480 } }\nsteps: [start, { play: end }, stop]\nexpect:\n  diagnostics: none\n"
    )
    let run = ScenarioRunner(subject: .reference).replay(fileAt: path, seed: nil)
    #expect(
      run.timeline.events(of: "diagnostic").contains { $0["message"]?.contains("bufferSize is only a hint") == true })
    #expect(run.result.status == .passed, "\(run.result.failures)")
  }

  @Test func allowAcceptsKnownWarningsAndFailsOnOthers() throws {
    // A model that fails makes the analyzer warn that the session finished.
    let base =
      "schema: 1\naudio: audio/hello-world.wav\nmodel: { faults: [{ error: 0.5s }] }\nsteps: [start, { play: end }, stop]\nexpect:\n"
    let none = ScenarioRunner(subject: .reference).run(
      fileAt: try TestFiles.write(base + "  diagnostics: none\n"), seed: nil)
    let warnings = none.failures.map(\.message).joined()
    try #require(!none.failures.isEmpty, "the scenario must produce a warning for this test to mean anything")
    #expect(
      warnings.contains("fix the cause, or accept a known one with diagnostics: { allow: [\"a text it contains\"] }"),
      "\(warnings)")
    let allowed = ScenarioRunner(subject: .reference).run(
      fileAt: try TestFiles.write(base + "  diagnostics: { allow: [the speech model failed] }\n"), seed: nil)
    #expect(allowed.status == .passed, "\(allowed.failures)")
    let path = try TestFiles.write(base + "  diagnostics: { allow: [something else] }\n")
    let other = ScenarioRunner(subject: .reference).run(fileAt: path, seed: nil)
    #expect(
      other.failures.first?.description.hasPrefix(
        "\(path):6:25: the twins reported 1 warning that 'allow' does not list: ") == true, "\(other.failures)")
  }

  @Test func diagnosticsTakesNoOtherMapping() throws {
    #expect(
      try error("schema: 1\nsteps: [stop]\nexpect:\n  diagnostics: { deny: [x] }\n").hasPrefix(
        "scenario.yaml:4:18: unknown key 'deny' in 'expect.diagnostics'; expected one of allow"))
  }
}
