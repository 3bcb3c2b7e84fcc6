import AVFAudioTwin
import CoreMediaTwin
import Foundation
import SimulatedDevice
import Simulation
import SpeechReplayTestSupport
import SpeechTwin
import Testing

/// An analyzer that stops mid-session (`{ analyzerStops: T }`; Twins.md, "Faults of the Speech
/// twins"; AudioBooth/AudioBooth#370): the error only on the results streams, finalize and finish
/// ignored, the slot kept until `cancelAndFinishNow()` or release.
@Suite(.serialized) struct SpeechAnalyzerUnexpectedStopTests {
  static var stoppingScript: ModelScript {
    var script = AnalyzerHarness.foxScript
    script.faults = [
      .error(
        at: .seconds(0.9), failure: ModelFailure(code: 1, message: "the analyzer stopped", stopsAnalyzer: true))
    ]
    return script
  }

  /// Feeds one second of audio in 100 ms buffers at real-time pace to a started analyzer.
  static func feedOneSecond(to analyzer: SpeechAnalyzer) async throws -> AsyncStream<AnalyzerInput>.Continuation {
    let (stream, input) = AsyncStream<AnalyzerInput>.makeStream()
    try await analyzer.start(inputSequence: stream)
    for _ in 0..<10 {
      input.yield(AnalyzerInput(buffer: AnalyzerHarness.buffer(frames: 1600)))
      try await Simulation.current!.clock.sleep(for: .milliseconds(100))
    }
    return input
  }

  static func transcriber() -> SpeechTranscriber {
    SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
  }

  @Test func resultsEndWithTheErrorAndFinalizeIsIgnoredWhileTheSlotStaysTaken() throws {
    let configuration = SimulatedDevice.Configuration(maximumSimultaneousAnalyzers: 1)
    let (value, device, _) = try AnalyzerHarness.run("stop", script: Self.stoppingScript, configuration: configuration)
    {
      device in
      let transcriber = Self.transcriber()
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      let collector = ResultCollector()
      let reading = collector.collect(transcriber)
      let input = try await Self.feedOneSecond(to: analyzer)
      await reading.value
      // The app's feed loop goes on: finalize and finish calls return at once, without an error.
      var calls: [String] = []
      do {
        try await analyzer.finalize(through: CMTime.seconds(5))
        try await analyzer.finalizeAndFinishThroughEndOfInput()
        calls.append("ignored")
      } catch { calls.append("threw \(error)") }
      input.finish()
      let slotsWhileStopped = device.analyzersRunning
      let second = SpeechAnalyzer(modules: [Self.transcriber()])
      var secondStart = "started"
      do { _ = try await Self.feedOneSecond(to: second) } catch { secondStart = String(describing: error) }
      await analyzer.cancelAndFinishNow()
      let slotsAfterCancel = device.analyzersRunning
      let third = SpeechAnalyzer(modules: [Self.transcriber()])
      var thirdStart = "started"
      do { _ = try await Self.feedOneSecond(to: third) } catch { thirdStart = String(describing: error) }
      await third.cancelAndFinishNow()
      return (
        await collector.results, String(describing: await collector.error), calls, slotsWhileStopped, secondStart,
        slotsAfterCancel, thirdStart
      )
    }
    #expect(value.0 == ["volatile [0.000–0.400) \"the\"", "volatile [0.000–0.800) \"the quick\""])
    #expect(value.1 == "Optional(SFSpeechErrorDomain Code=1 \"the analyzer stopped\")")
    #expect(value.2 == ["ignored"])
    #expect(value.3 == 1, "the stopped analyzer keeps its slot")
    #expect(value.4 == "SFSpeechErrorDomain Code=16 \"Maximum number of simultaneous requests reached\"")
    #expect(value.5 == 0, "cancelAndFinishNow() gives the slot back")
    #expect(value.6 == "started")
    #expect(device.diagnostics.contains { $0.message.contains("stopped unexpectedly at") })
    #expect(
      device.diagnostics.contains { $0.message.hasPrefix("finalize(through:) call on finished analyzer; ignoring") })
  }

  @Test func releasingTheStoppedAnalyzerGivesItsSlotBack() throws {
    let (value, device, report) = try AnalyzerHarness.run("release", script: Self.stoppingScript) { device in
      var analyzer: SpeechAnalyzer? = SpeechAnalyzer(modules: [Self.transcriber()])
      let input = try await Self.feedOneSecond(to: analyzer!)
      input.finish()
      let held = device.analyzersRunning
      analyzer = nil
      try await Simulation.current!.clock.sleep(for: .milliseconds(100))
      return (held, device.analyzersRunning, Simulation.current!.ledger.count(of: .openAnalyzerSessions))
    }
    #expect(value.0 == 1)
    #expect(value.1 == 0)
    #expect(value.2 == 0)
    _ = (device, report)
  }
}
