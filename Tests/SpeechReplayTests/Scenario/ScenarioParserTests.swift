import CoreMediaTwin
import Foundation
import ReferenceSubjects
import SimulatedDevice
import SpeechReplay
import SpeechReplayTestSupport
import Testing

@Suite struct ScenarioParserTests {
  /// Loads `yaml` from a temporary file; the error's description with the folder cut off.
  func error(_ yaml: String) throws -> String {
    let path = try TestFiles.write(yaml)
    do {
      _ = try Scenario.load(fileAt: path)
      return "no error"
    } catch {
      #expect(error.location.file == path)
      return error.description.replacingOccurrences(of: path, with: "scenario.yaml")
    }
  }

  @Test func readsEveryKey() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      name: every key
      description: A scenario that uses every key.
      seed: 42
      audio: audio/hello-world.wav
      device:
        microphone: { sampleRate: 44100, channels: 2, tapFrames: 441, jitter: 3ms }
        locales: { supported: [en-US, de-DE], installed: [de-DE], reserved: [], maximumReserved: 2 }
        download: { duration: 1.5s, steps: 3, failsAt: 0.5 }
        network: offline
        permission: { state: undetermined, answer: deny }
        transcriberAvailable: false
        maximumAnalyzers: 1
      model:
        locale: de-DE
        latency: 20ms
        results:
          - { at: 0.4s, text: "hallo", alternatives: ["halo"], confidence: 0.5, finalizeAs: "Hallo.", delay: 10ms }
          - { at: 0.6s, withdraw: true }
          - { at: 1s, final: "Hallo Welt.", range: [0s, 1s] }
        faults:
          - { error: 1.2s, code: 3, message: boom, delay: 5ms }
          - { stall: 0.5s, for: 250ms }
          - { latencySpike: [0.1s, 0.3s], extra: 100ms }
      subject: { locale: de-DE, preset: progressive, inputBufferLimit: 32, options: { flavour: plain } }
      steps:
        - start
        - play: 1s
        - play: end
        - wait: 500ms
        - network: online
        - install: en-US
        - remove: de-DE
        - permission: grant
        - interrupt: 2s
        - route: { sampleRate: 16000, channels: 1 }
        - snapshot: s1
        - cycle: { count: 3, steps: [start, { wait: 1m }, stop] }
        - stop
      expect:
        final: { committed: "Hallo Welt.", volatile: "", phase: idle, microphone: hidden }
        snapshots:
          s1: { phase: "preparing 40%" }
        diagnostics: [tap]
      """)
    let scenario = try Scenario.load(fileAt: path)
    #expect(scenario.name == "every key")
    #expect(scenario.description == "A scenario that uses every key.")
    #expect(scenario.seed == 42)
    #expect(
      scenario.device.microphone
        == .init(
          sampleRate: 44_100, channelCount: 2, tapFrames: 441, jitter: .milliseconds(3),
          audioFile: scenario.device.microphone.audioFile))
    #expect(scenario.device.microphone.audioFile?.hasSuffix("audio/hello-world.wav") == true)
    #expect(abs(scenario.audioDuration - 1.789) < 0.001)
    #expect(
      scenario.device.assets
        == .init(
          supportedLocales: ["en-US", "de-DE"], installedLocales: ["de-DE"], reservedLocales: [],
          maximumReservedLocales: 2, downloadDuration: .milliseconds(1500), progressSteps: 3, downloadFailsAt: 0.5))
    #expect(scenario.device.networkAvailable == false)
    #expect(scenario.device.recordPermission == .init(state: .undetermined, answersRequestWith: false))
    #expect(scenario.device.speechTranscriberAvailable == false)
    #expect(scenario.device.maximumSimultaneousAnalyzers == 1)
    #expect(scenario.model.locale == "de-DE")
    let script = scenario.model.script
    #expect(script.latency == .milliseconds(20))
    #expect(script.entries.count == 3)
    #expect(script.entries[0].kind == .volatile)
    #expect(script.entries[0].alternatives.map(\.string) == ["hallo", "halo"])
    #expect(script.entries[0].alternatives[0].words.first?.confidence == 0.5)
    #expect(script.entries[0].finalizeAs?.string == "Hallo.")
    #expect(script.entries[0].delay == .milliseconds(10))
    #expect(script.entries[1].alternatives.map(\.string) == [""])
    #expect(script.entries[2].kind == .final)
    #expect(script.entries[2].range == CMTimeRange(start: .seconds(0), end: .seconds(1)))
    #expect(
      script.faults == [
        .error(at: .seconds(1.2), failure: ModelFailure(code: 3, message: "boom"), delay: .milliseconds(5)),
        .stall(at: .seconds(0.5), duration: .milliseconds(250)),
        .latencySpike(from: .seconds(0.1), to: .seconds(0.3), extra: .milliseconds(100)),
      ])
    #expect(
      scenario.subject
        == SubjectOptions(
          locale: "de-DE", preset: "progressive", inputBufferLimit: 32, options: ["flavour": "plain"],
          audioFile: scenario.device.microphone.audioFile))
    #expect(
      scenario.subject.audioFile?.hasSuffix("hello-world.wav") == true,
      "the scenario's audio, resolved, for subjects that read it")
    #expect(
      scenario.steps.map(\.description) == [
        "start", "play: 1s", "play: end", "wait: 500ms", "network: online", "install: en-US", "remove: de-DE",
        "permission: grant",
        "interrupt: 2s", "route: 16000 Hz, 1 channel", "snapshot: s1", "cycle: 3 × 3 steps", "stop",
      ])
    #expect(scenario.steps[1].location.line == 28)
    if case .cycle(_, let inner) = scenario.steps[11].action {
      #expect(inner.map(\.description) == ["start", "wait: 60s", "stop"])
    } else {
      Issue.record("step 12 is not a cycle")
    }
    let expect = scenario.expectations
    #expect(expect.final?.committed?.value == "Hallo Welt.")
    #expect(expect.final?.committed?.location.line == 41)
    #expect(expect.final?.volatile?.value == "")
    #expect(expect.final?.phase?.value == ["idle"])
    #expect(expect.final?.microphoneOffered?.value == false)
    #expect(expect.snapshots.map(\.name) == ["s1"])
    #expect(expect.snapshots.first?.expectation.phase?.value == ["preparing 40%"])
    #expect(expect.diagnostics == .containing(["tap"], at: SourceLocation(file: path, line: 44, column: 16)))
  }

  @Test func generatesTheModelFromATranscript() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      model:
        transcript: audio/hello-world.words.tsv
        latency: 30ms
        generate: { volatileEvery: 100ms, finalAfterSilence: 500ms, style: asSpoken, rewrites: { 1: word }, confidence: 0.8 }
      steps: [start]
      """)
    let scenario = try Scenario.load(fileAt: path)
    #expect(scenario.name == "scenario", "the file name when there is no name key")
    #expect(scenario.seed == nil)
    let script = scenario.model.script
    #expect(script.latency == .milliseconds(30))
    #expect(script.entries.last?.kind == .final)
    #expect(script.entries.last?.alternatives.first?.string == "hello world")
    #expect(script.entries.contains { $0.alternatives.first?.string == "hello word" }, "the rewrite appears first")
  }

  @Test func unknownKeysAreErrorsWithASuggestion() throws {
    #expect(
      try error("schema: 1\nstpes: [start]\n")
        == "scenario.yaml:2:1: unknown key 'stpes' in the scenario; expected one of schema, name, description, seed, audio, device, model, subject, timing, steps, expect, limits, observed, explore, schedule, did you mean 'steps'?"
    )
    #expect(
      try error("schema: 1\ndevice:\n  microphone: { sampleRat: 16000 }\nsteps: [start]\n")
        == "scenario.yaml:3:17: unknown key 'sampleRat' in 'device.microphone'; expected one of sampleRate, channels, sampleType, tapFrames, jitter, tapSchedule, did you mean 'sampleRate'?"
    )
    #expect(
      try error("schema: 1\nsteps: [start]\nexpect:\n  final: { commited: x }\n")
        == "scenario.yaml:4:12: unknown key 'commited' in 'expect.final'; expected one of committed, volatile, phase, microphone, did you mean 'committed'?"
    )
  }

  /// `device.resultDelivery`: the default order unless pinned; what ``ScenarioWriter`` writes loads
  /// back to the same order; a wrong value names the file, the line and the choices.
  @Test func resultDeliveryIsReadWrittenAndRoundTripped() throws {
    let plain = try Scenario.load(fileAt: TestFiles.write("schema: 1\nsteps: [start]\n"))
    #expect(plain.device.resultDelivery == .beforeFinalizeReturns)
    for order in SimulatedDevice.ResultDelivery.allCases {
      var writer = ScenarioWriter()
      writer.value(ScenarioKeys.schema, "1")
      writer.section(ScenarioKeys.device) { $0.value(ScenarioKeys.Device.resultDelivery, order.rawValue) }
      writer.section(ScenarioKeys.steps) { $0.item(ScenarioWriter.step(ScenarioKeys.Step.start)) }
      #expect(writer.text.contains("  resultDelivery: \(order.rawValue)\n"))
      let scenario = try Scenario.load(fileAt: TestFiles.write(writer.text))
      #expect(scenario.device.resultDelivery == order)
    }
    let message = try error("schema: 1\ndevice: { resultDelivery: afterFinalize }\nsteps: [start]\n")
    #expect(
      message.hasPrefix(
        "scenario.yaml:2:27: 'device.resultDelivery' is 'afterFinalize' but must be one of beforeFinalizeReturns, afterFinalizeReturns"
      ), "\(message)")
    #expect(message.contains("did you mean 'afterFinalizeReturns'?"), "\(message)")
  }

  @Test func routeStepsMayNameAPortWhoseUsualFormatFillsTheGaps() throws {
    let path = try TestFiles.write(
      """
      schema: 1
      device: { microphone: { sampleRate: 44100, channels: 2 } }
      steps:
        - route: { port: bluetoothHFP }
        - route: { port: usbAudio, sampleRate: 96000, channels: 1 }
        - route: { port: builtInMic }
      """)
    let scenario = try Scenario.load(fileAt: path)
    #expect(
      scenario.steps.map(\.description) == [
        "route: 16000 Hz, 1 channel, bluetoothHFP", "route: 96000 Hz, 1 channel, usbAudio",
        "route: 44100 Hz, 2 channels, builtInMic",
      ])
    let message = try error("schema: 1\nsteps:\n  - route: { port: walkieTalkie }\n")
    #expect(message.hasPrefix("scenario.yaml:3:20: "))
    #expect(message.contains("walkieTalkie") && message.contains("bluetoothHFP"))
  }

  @Test func wrongTypesAndBadValuesNameTheirPlace() throws {
    #expect(
      try error("schema: 1\nsteps: [start, { play: 2 seconds }]\n")
        == "scenario.yaml:2:24: '2 seconds' is not a duration; write play: 2s, 500ms or 1.5s, or play: end for the rest of the audio"
    )
    #expect(
      try error("schema: 1\nsteps:\n  - wait: soon\n")
        == "scenario.yaml:3:11: 'soon' is not a duration; write 2s, 500ms or 1.5s")
    #expect(
      try error("schema: 1\nseed: many\nsteps: [start]\n")
        == "scenario.yaml:2:7: 'seed' must be a whole number from 0 to 18446744073709551615, not 'many'")
    #expect(
      try error("schema: 1\nsteps: start\n")
        == "scenario.yaml:2:8: 'steps' must be a list, not 'start'; write each item on its own line starting with '- ', or [a, b]"
    )
    #expect(
      try error("schema: 1\ndevice:\n  network: offlien\nsteps: [start]\n")
        == "scenario.yaml:3:12: 'device.network' is 'offlien' but must be one of online, offline, did you mean 'offline'?"
    )
    #expect(
      try error("schema: 1\ndevice: { microphone: { channels: 3 } }\nsteps: [start]\n")
        == "scenario.yaml:2:35: 'device.microphone.channels' is 3 but must be between 1 and 2")
    #expect(
      try error("schema: 1\nsteps: [strat]\n")
        == "scenario.yaml:2:9: unknown step 'strat'; expected one of start, play, wait, stop, dismiss, network, install, remove, permission, interrupt, route, audioSystem, snapshot, cycle, did you mean 'start'?"
    )
    #expect(
      try error("schema: 1\nsteps: [{ play: 1s, snapshot: a }]\n")
        == "scenario.yaml:2:9: a step has exactly one key; write each step as its own list item ('- play: 2s' then '- snapshot: name')"
    )
    #expect(
      try error("schema: 1\nsteps: [{ cycle: { count: 0, steps: [] } }]\n")
        == "scenario.yaml:2:27: 'steps[0].cycle.count' is 0 but must be between 1 and 10000")
    #expect(
      try error("schema: 1\nmodel:\n  results:\n    - { at: 1s }\nsteps: [start]\n")
        == "scenario.yaml:4:7: a result needs exactly one of text (volatile), final or withdraw; this one has none")
  }

  @Test func anInterruptionMayEndWithoutShouldResume() throws {
    let path = try TestFiles.write(
      "schema: 1\nsteps:\n  - start\n  - interrupt: 1s\n  - interrupt: { duration: 500ms, shouldResume: false }\n  - interrupt: { duration: 2s, shouldResume: true }\n"
    )
    let scenario = try Scenario.load(fileAt: path)
    #expect(
      scenario.steps.map(\.action) == [
        .start, .interrupt(.seconds(1)), .interrupt(.milliseconds(500), shouldResume: false),
        .interrupt(.seconds(2), shouldResume: true),
      ])
    #expect(
      scenario.steps.map(\.description) == [
        "start", "interrupt: 1s", "interrupt: 500ms, shouldResume: false", "interrupt: 2s",
      ])
    #expect(
      try error("schema: 1\nsteps: [{ interrupt: { shouldResume: false } }]\n").contains("needs the key 'duration'"))
    #expect(try error("schema: 1\nsteps: [{ interrupt: { duration: 1s, resume: no } }]\n").contains("resume"))
    #expect(try error("schema: 1\nsteps: [{ interrupt: { duration: 1s, shouldResume: maybe } }]\n").contains("maybe"))
  }

  @Test func fileLevelProblemsAreLocated() throws {
    #expect(
      try error("steps: [start]\n")
        == "scenario.yaml:1:1: the scenario needs the key 'schema'; add for example schema: 1")
    #expect(
      try error("schema: 2\nsteps: [start]\n")
        == "scenario.yaml:1:9: schema 2 is not supported; this version of speech-replay reads schema 1")
    #expect(try error("schema: 1\nsteps: [start\n").hasPrefix("scenario.yaml:3:1: YAML syntax error: "))
    #expect(
      try error("- start\n")
        == "scenario.yaml:1:1: a scenario file is a mapping of keys (schema, name, audio, device, model, steps, expect), not a list"
    )
    #expect(try error("") == "scenario.yaml:1:1: the scenario file is empty; start it with 'schema: 1' and 'steps:'")
    #expect(try error("schema: 1\nschema: 1\nsteps: [start]\n").hasPrefix("scenario.yaml:"))
    #expect(
      try error("schema: 1\naudio: audio/missing.wav\nsteps: [start]\n").hasPrefix(
        "scenario.yaml:2:8: the audio file '"))
    let table = try error("schema: 1\nmodel: { transcript: scenario.yaml }\nsteps: [start]\n")
    #expect(table.hasPrefix("scenario.yaml:2:22: ") && table.contains("is not a word-timing table"), "\(table)")
    #expect(
      try error("schema: 1\nsteps: [{ play: end }]\n")
        == "scenario.yaml:2:11: 'play: end' plays the audio file to its end, but the scenario has no 'audio'; add audio: path/to/file.wav or give a duration"
    )
    let snapshot = try error("schema: 1\nsteps: [{ snapshot: a }]\nexpect:\n  snapshots: { b: { phase: idle } }\n")
    #expect(
      snapshot
        == "scenario.yaml:4:16: 'expect.snapshots' expects the snapshot 'b' but the steps take 'a'; add '- snapshot: b' to the steps"
    )
    #expect(
      try error("schema: 1\nsteps: [start]\nexpect: { final: { phase: listning } }\n")
        == "scenario.yaml:3:27: 'listning' is not a phase; expected one of idle, preparing, listening, stopping, unavailable, failed (preparing may add a progress like 'preparing 40%', failed a message like 'failed: …'; a list like [idle, preparing] allows any of them), did you mean 'listening'?"
    )
    #expect(
      try error("schema: 1\nsteps: [start]\nexpect: { final: { phase: [idle, listning] } }\n").hasPrefix(
        "scenario.yaml:3:34: 'listning' is not a phase"))
    #expect(
      try error("schema: 1\nsteps: [start]\nexpect: { final: { phase: [] } }\n")
        == "scenario.yaml:3:27: 'expect.final.phase' lists no phase; write one, or the phases any correct stack may show, like [idle, preparing]"
    )
  }

  @Test func aPhaseListAllowsAnyOfItsPhases() throws {
    let scenario = try Scenario.load(
      fileAt: TestFiles.write(
        "schema: 1\nsteps: [start, { snapshot: prompt }]\nexpect:\n  snapshots: { prompt: { phase: [idle, \"preparing\"] } }\n"
      ))
    #expect(scenario.expectations.snapshots.first?.expectation.phase?.value == ["idle", "preparing"])
    #expect(scenario.expectations.snapshots.first?.expectation.phase?.location.line == 4)
  }

  @Test func aMissingFileIsAnError() {
    #expect(throws: ScenarioError.self) { try Scenario.load(fileAt: "no/such/scenario.yaml") }
    do {
      _ = try Scenario.load(fileAt: "no/such/scenario.yaml")
    } catch {
      #expect(error.description.hasPrefix("no/such/scenario.yaml:1:1: cannot read the scenario file"))
    }
  }

  @Test func everyBundledScenarioLoads() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: TestFiles.scenarios.path).filter {
      $0.hasSuffix(".yaml")
    }.sorted()
    #expect(files.count >= 8)
    var kinds = Set<String>()
    for file in files {
      let scenario = try Scenario.load(fileAt: TestFiles.scenarios.appendingPathComponent(file).path)
      func collect(_ steps: [Scenario.Step]) {
        for step in steps {
          kinds.insert(String(step.description.prefix { $0 != ":" }))
          if case .cycle(_, let inner) = step.action { collect(inner) }
        }
      }
      collect(scenario.steps)
    }
    #expect(
      kinds == [
        "start", "play", "wait", "stop", "dismiss", "network", "install", "remove", "permission", "interrupt", "route",
        "audioSystem", "snapshot", "cycle",
      ])
  }
}
