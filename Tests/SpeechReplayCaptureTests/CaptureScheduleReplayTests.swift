import Foundation
import LiveTranscription
import SimulatedDevice
import Simulation
import SpeechReplayCapture
import SpeechReplayTestSupport
import Testing

/// A capture's tap schedule given to the simulated microphone replays the exact buffers: the same
/// sizes, sample times and formats reach the app's tap, the format change included, without the
/// route change being scripted again.
@Suite(.serialized) struct CaptureScheduleReplayTests {
  /// Start, (a route change to 16 kHz at 1 s when `changesRoute`), 3 s in all, stop.
  static func session(
    on device: SimulatedDevice, recorder: CaptureRecorder?, changesRoute: Bool
  ) throws -> [TapLog.Entry] {
    let report = try Simulation.run(TestSimulation.configuration("schedule", seed: 0)) {
      try await SimulatedDevice.withDevice(device) { @MainActor in
        let app = RecordingApp(recorder: recorder)
        let clock = Simulation.current!.clock
        await app.start()
        try await clock.sleep(for: .seconds(1))
        if changesRoute { try device.microphone.changeRoute(sampleRate: 16_000, channelCount: 1) }
        try await clock.sleep(for: .seconds(2))
        await app.stop()
        app.removeObservers()
        return app.taps.entries.withLock { $0 }
      }
    }
    return try report.get()
  }

  @Test func aCapturedScheduleReplaysTheSameBuffersWithTheFormatChange() throws {
    let url = try CaptureHarness.newCaptureURL()
    let recorder = try CaptureRecorder(url: url, header: CaptureHarness.header)
    let recorded = try Self.session(
      on: CaptureHarness.device("quick-brown-fox-48k", microphone: .init(tapFrames: 1024)), recorder: recorder,
      changesRoute: true)
    try recorder.finish()
    let capture = try CaptureFile(url: url)
    let schedule = capture.buffers.map {
      Microphone.TapScheduleEntry(
        frames: $0.frameCount, sampleTime: $0.sampleTime, sampleRate: $0.format.sampleRate,
        channelCount: $0.format.channelCount)
    }
    #expect(Set(schedule.map(\.sampleRate)) == [48_000, 16_000])

    let replayDevice = try CaptureHarness.device("quick-brown-fox-48k", microphone: .init(tapSchedule: schedule))
    let replayed = try Self.session(on: replayDevice, recorder: nil, changesRoute: false)
    func shape(_ entries: [TapLog.Entry]) -> [String] { entries.map { "\($0.frames)@\($0.sampleTime) \($0.format)" } }
    // The schedule does not know when inside a callback the device's route changed, so the replay
    // may end one callback earlier or later; every buffer both runs delivered is the same.
    #expect(abs(replayed.count - recorded.count) <= 1, "\(replayed.count) replayed, \(recorded.count) recorded")
    let common = min(replayed.count, recorded.count)
    #expect(common > 100)
    #expect(
      shape(Array(replayed.prefix(common))) == shape(Array(recorded.prefix(common))),
      "first difference: \(String(describing: zip(shape(replayed), shape(recorded)).first { $0 != $1 }))")
  }
}
