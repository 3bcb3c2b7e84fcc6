#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  // A tap block isolated to the main actor traps on a device when the audio render thread calls it
  // (Swift 6's dynamic isolation check). The twin calls tap blocks as on that thread, so the same
  // code traps here: exit tests, each in a child process.
  import AVFAudioTwin
  import AVFAudioTwinTapAPI
  import Foundation
  import Simulation
  import SimulatedDevice
  import SpeechReplayTestSupport
  import Testing

  /// A Swift 6 app's recorder, as often written: the tap closure is formed inside a `@MainActor`
  /// method, so it is main-actor isolated.
  @MainActor
  final class MainActorRecorder {
    let engine = AVAudioEngine()
    var buffers = 0

    /// The trap: the closure captures `self` and is isolated to the main actor.
    func startWithIsolatedTap() throws {
      let input = engine.inputNode
      input.installTap(onBus: 0, bufferSize: 4096, format: input.outputFormat(forBus: 0)) { _, _ in
        self.buffers += 1
      }
      try engine.start()
    }

    /// The fix: the block is made outside the main actor and hops back for the count.
    func startWithNonisolatedTap() throws {
      let input = engine.inputNode
      input.installTap(
        onBus: 0, bufferSize: 4096, format: input.outputFormat(forBus: 0),
        block: Self.tapBlock { [weak self] in self?.buffers += 1 })
      try engine.start()
    }

    func stop() -> Int {
      engine.stop()
      engine.inputNode.removeTap(onBus: 0)
      return buffers
    }

    nonisolated static func tapBlock(_ counted: @escaping @MainActor @Sendable () -> Void) -> AVAudioNodeTapBlock {
      { _, _ in Task { @MainActor in counted() } }
    }
  }

  @Suite struct TapIsolationTests {
    /// Records for 300 ms of virtual time with one of the two taps.
    static func record(isolated: Bool) throws -> Int {
      let device = SimulatedDevice()
      return try TestSimulation.run("tap isolation", on: device) { () async throws -> Int in
        let recorder = await MainActorRecorder()
        if isolated { try await recorder.startWithIsolatedTap() } else { try await recorder.startWithNonisolatedTap() }
        try await Task.sleep(for: .milliseconds(300))
        return await recorder.stop()
      }.value ?? -1
    }

    @Test func aMainActorIsolatedTapBlockEndsTheProcessNamingTheTap() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        _ = try TapIsolationTests.record(isolated: true)
      }
      let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(
        text.contains(
          "the tap block installed on AVAudioInputNode bus 0 is isolated to the main actor but runs on the audio render thread"
        ), "\(text)")
      #expect(text.contains("Incorrect actor executor assumption"), "\(text)")
    }

    @Test func aBlockMadeOutsideTheMainActorRunsAndHopsBack() throws {
      #expect(try Self.record(isolated: false) >= 2)
    }
  }
#endif
