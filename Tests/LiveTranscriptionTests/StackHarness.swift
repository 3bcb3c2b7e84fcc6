import Foundation
import LiveTranscription
import SimulatedDevice
import Simulation
import SpeechReplayTestSupport

/// Builds simulated devices from the fixtures and runs the stack on them in the simulation.
enum StackHarness {
  static let fixtures = TestFiles.audio

  static let enUS = Locale(identifier: "en-US")

  /// The script generated from a fixture's word timings.
  static func script(_ fixture: String, latency: Duration = .zero) throws -> ModelScript {
    let table = try String(contentsOf: fixtures.appendingPathComponent("\(fixture).words.tsv"), encoding: .utf8)
    var options = ModelScript.TranscriptOptions()
    options.latency = latency
    return ModelScript(transcript: try TimedWord.parseTable(table, source: "\(fixture).words.tsv"), options: options)
  }

  /// A device whose microphone plays `fixture` and whose model is scripted from its words.
  static func device(
    _ fixture: String, installed: Bool = true, online: Bool = true, transcriberAvailable: Bool = true,
    permission: SimulatedDevice.RecordPermission = .init(), latency: Duration = .zero
  ) throws -> SimulatedDevice {
    let configuration = SimulatedDevice.Configuration(
      microphone: .init(audioFile: fixtures.appendingPathComponent("\(fixture).wav").path),
      assets: .init(installedLocales: installed ? ["en-US"] : [], reservedLocales: installed ? ["en-US"] : []),
      networkAvailable: online, recordPermission: permission, speechTranscriberAvailable: transcriberAvailable)
    return SimulatedDevice(
      configuration: configuration, model: ScriptedModelBackend(script: try script(fixture, latency: latency)))
  }

  /// Runs `body` on the main actor in a simulation on `device` and returns its value.
  static func run<T: Sendable>(
    _ name: String, on device: SimulatedDevice, _ body: @escaping @MainActor @Sendable () async throws -> T
  ) throws -> T {
    let report = try Simulation.run(TestSimulation.configuration(name)) {
      try await SimulatedDevice.withDevice(device) { try await body() }
    }
    return try report.get()
  }

  /// Waits `duration` of virtual time.
  @MainActor static func wait(_ duration: Duration) async throws {
    try await Simulation.current!.clock.sleep(for: duration)
  }

  /// A configuration whose progress polling runs on the simulation's clock.
  @MainActor static func configuration(
    inputLimit: LiveTranscriber.Configuration.InputLimit = .seconds(5), dictation: Bool = false
  )
    -> LiveTranscriber.Configuration
  {
    LiveTranscriber.Configuration(
      usesDictationFallback: dictation, inputLimit: inputLimit, clock: Simulation.current!.clock)
  }

  /// A transcriber whose every UI state is appended to the returned recorder.
  @MainActor static func recordedTranscriber(
    locale: Locale = enUS, configuration: LiveTranscriber.Configuration? = nil
  ) -> (LiveTranscriber, StateRecorder) {
    let transcriber = LiveTranscriber(locale: locale, configuration: configuration ?? Self.configuration())
    let recorder = StateRecorder()
    transcriber.onStateChange = { recorder.states.append($0) }
    return (transcriber, recorder)
  }

  /// Open analyzer sessions, running engines and installed taps in the ledger now.
  @MainActor static func ledgerCounts() -> [Int] {
    let ledger = Simulation.current!.ledger
    return [
      ledger.count(of: .openAnalyzerSessions), ledger.count(of: .runningEngines), ledger.count(of: .installedTaps),
    ]
  }
}

/// The UI states a transcriber went through, in order.
@MainActor final class StateRecorder {
  var states: [TranscriptionUIState] = []
  var phases: [TranscriptionUIState.Phase] {
    states.map(\.phase).reduce(into: []) { if $0.last != $1 { $0.append($1) } }
  }
}
