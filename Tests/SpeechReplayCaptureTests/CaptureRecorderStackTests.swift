import AVFAudioTwin
import Foundation
import LiveTranscription
import SimulatedDevice
import Simulation
import SpeechReplayCapture
import SpeechReplayTestSupport
import Testing

/// The recorder around the reference stack in the simulation: what it reads back is what the tap
/// received and what the app published, and recording changes nothing in the run.
@Suite(.serialized) struct CaptureRecorderStackTests {
  struct Run {
    var traceHash: String
    var trace: [String]
    var escapes: [Simulation.Escape]
    var taps: [TapLog.Entry]
    var states: [TranscriptionUIState]
  }

  /// Start, a route change to 16 kHz, an interruption that resumes, then stop.
  static func session(recorder: CaptureRecorder?) throws -> Run {
    let device = try CaptureHarness.device("quick-brown-fox-48k")
    let report = try Simulation.run(TestSimulation.configuration("capture", seed: 11)) {
      try await SimulatedDevice.withDevice(device) { @MainActor in
        let app = RecordingApp(recorder: recorder)
        let clock = Simulation.current!.clock
        await app.start()
        try await clock.sleep(for: .seconds(1))
        try device.microphone.changeRoute(sampleRate: 16_000, channelCount: 1)
        try await clock.sleep(for: .seconds(1))
        device.microphone.beginInterruption()
        device.microphone.endInterruption(shouldResume: true)
        try await clock.sleep(for: .seconds(4))
        await app.stop()
        app.removeObservers()
        return (app.taps.entries.withLock { $0 }, app.states)
      }
    }
    let (taps, states) = try report.get()
    return Run(
      traceHash: report.traceHash, trace: report.trace.map(\.canonicalLine), escapes: report.escapes, taps: taps,
      states: states)
  }

  @Test func aRecordedRunReadsBackAsTheTapAndTheAppSawIt() throws {
    let url = try CaptureHarness.newCaptureURL()
    let recorder = try CaptureRecorder(url: url, header: CaptureHarness.header)
    let run = try Self.session(recorder: recorder)
    try recorder.finish()

    let capture = try CaptureFile(url: url)
    #expect(capture.header == CaptureHarness.header)
    #expect(run.taps.count > 40, "the tap ran for about 6 s of 100 ms buffers")
    #expect(capture.bufferCount == run.taps.count)
    let buffers = Array(capture.buffers)
    #expect(buffers.count == run.taps.count)
    for (index, (read, tapped)) in zip(buffers, run.taps).enumerated() {
      #expect(read.index == index)
      #expect(read.data == tapped.data, "buffer \(index) bytes")
      #expect(
        read.frameCount == tapped.frames && read.sampleTime == tapped.sampleTime && read.hostTime == tapped.hostTime)
      #expect(read.format == tapped.format)
      if read.data != tapped.data { break }
    }
    #expect(
      capture.formats.map(\.sampleRate) == [48_000, 16_000], "the route change shows as a second hardware format")
    // The replay side: a recorded buffer becomes an AVAudioPCMBuffer with the same bytes.
    if let first = buffers.first, let remade = first.makePCMBuffer() {
      #expect(CaptureHarness.bytes(of: remade) == first.data)
    } else {
      Issue.record("the first buffer could not be remade")
    }

    #expect(capture.uiStates == run.states.map(CaptureUIState.init), "every UI state, in order")
    #expect(capture.uiStates.last?.committed == "The quick brown fox jumps over the lazy dog.")
    #expect(capture.actions == [.start, .stop])
    let kinds = capture.events.map(\.kind.name)
    #expect(kinds.first == "permission" && kinds.contains("configurationChange"))
    #expect(
      capture.events.contains {
        $0.kind
          == .configurationChange(
            hardwareFormat: CaptureFormat(sampleRate: 16_000, channelCount: 1, commonFormat: 1, isInterleaved: false))
      })
    #expect(capture.events.contains { if case .routeChange = $0.kind { true } else { false } })
    #expect(capture.events.contains { $0.kind == .interruption(began: true, shouldResume: false) })
    #expect(capture.events.contains { $0.kind == .interruption(began: false, shouldResume: true) })
    // Events are placed on the audio timeline: the stop comes after the audio the tap received.
    let stop = capture.events.last { $0.kind == .action(.stop) }
    #expect((stop?.audioTime ?? 0) > 5 && (stop?.audioTime ?? 0) <= capture.duration + 1e-9)
    #expect(capture.isFinished && capture.damage.isNone, "\(capture.damage)")
    let expectedDuration = run.taps.reduce(0.0) { $0 + Double($1.frames) / $1.format.sampleRate }
    #expect(abs(capture.duration - expectedDuration) < 1e-6)

    let summary = capture.summary.description
    #expect(summary.contains("buffers: \(run.taps.count)"))
    #expect(
      summary.contains("format: 48000 Hz, 1 ch, Float32, deinterleaved")
        && summary.contains("format: 16000 Hz, 1 ch, Float32"))
    #expect(summary.contains("actions: start, stop"))
    #expect(summary.contains("damage: none"))
  }

  @Test func recordingDoesNotChangeTheRun() throws {
    let url = try CaptureHarness.newCaptureURL()
    let recorder = try CaptureRecorder(url: url, header: CaptureHarness.header)
    let recorded = try Self.session(recorder: recorder)
    try recorder.finish()
    let plain = try Self.session(recorder: nil)
    #expect(
      recorded.escapes.isEmpty,
      "the recorder's writer is a thread of its own, not work in the simulation: \(recorded.escapes)")
    #expect(recorded.trace.count > 100)
    #expect(
      recorded.trace == plain.trace,
      "first difference at \(String(describing: zip(recorded.trace, plain.trace).enumerated().first { $0.element.0 != $0.element.1 }))"
    )
    #expect(recorded.traceHash == plain.traceHash)
    #expect(recorded.states == plain.states)
    #expect(recorded.taps == plain.taps)
  }
}
