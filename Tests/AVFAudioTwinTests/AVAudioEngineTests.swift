#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  // The engine on the simulated device: cadence, audio, ledger, route changes, interruptions,
  // permission. These need the simulation, so they do not compile against Apple's frameworks.
  import AudioPCM
  import AVFAudioTwin
  import AVFAudioTwinTapAPI
  import Foundation
  import Simulation
  import SimulatedDevice
  import Testing
  import SpeechReplayTestSupport

  /// One tap callback as the tests see it.
  struct TapCall: Equatable, Sendable {
    var frames: Int
    var sampleRate: Double
    var sampleTime: Int64
    var hostTime: UInt64
    var samples: [Float]
  }

  /// Collects tap calls and notifications; the simulation runs on one thread.
  final class Recorder: @unchecked Sendable {
    var calls: [TapCall] = []
    var notifications: [String] = []
    var userInfos: [[AnyHashable: Any]] = []
  }

  @Suite(.serialized) struct AVAudioEngineTests {
    static func run<T: Sendable>(
      _ name: String, _ device: SimulatedDevice, _ body: @escaping @Sendable () async throws -> T
    ) throws -> Simulation.Report<T> {
      try SimulatedDevice.withDevice(device) {
        try Simulation.run(TestSimulation.configuration(name)) { try await body() }
      }
    }

    static func tap(_ engine: AVAudioEngine, into recorder: Recorder, bufferSize: AVAudioFrameCount = 4800) {
      engine.inputNode.installTap(onBus: 0, bufferSize: bufferSize, format: nil) { buffer, when in
        recorder.calls.append(
          TapCall(
            frames: Int(buffer.frameLength), sampleRate: buffer.format.sampleRate, sampleTime: when.sampleTime,
            hostTime: when.hostTime,
            samples: Array(UnsafeBufferPointer(start: buffer.floatChannelData![0], count: Int(buffer.frameLength)))))
      }
    }

    @Test func oneSecondAt48kHzGivesTenCallbacksWithSampleAndHostTimes() throws {
      let device = SimulatedDevice()
      let recorder = Recorder()
      let report = try Self.run("cadence", device) {
        let engine = AVAudioEngine()
        Self.tap(engine, into: recorder)
        engine.prepare()
        try engine.start()
        // Callbacks land at 0.1 s, 0.2 s, … 1.0 s; stop just after the tenth.
        try await Task.sleep(for: .milliseconds(1_050))
        engine.stop()
        return engine.inputNode.lastRenderTime?.sampleTime
      }
      #expect(report.outcome == .finished)
      #expect(recorder.calls.map(\.sampleTime) == (0..<10).map { Int64($0 * 4800) })
      #expect(recorder.calls.map(\.hostTime) == (0..<10).map { UInt64($0) * 100_000_000 })
      #expect(recorder.calls.allSatisfy { $0.frames == 4800 && $0.sampleRate == 48_000 })
      #expect(report.value == 43_200)
    }

    @Test func tapAudioIsTheFileResampledToTheHardwareRateThenSilence() throws {
      let fileRate = 16_000.0
      let samples = TestSignal.sine(sampleRate: fileRate, frames: 8_000)  // 0.5 s
      let path = try TestSignal.writeWAV(samples, sampleRate: fileRate)
      let device = SimulatedDevice(configuration: .init(microphone: .init(audioFile: path)))
      let recorder = Recorder()
      let report = try Self.run("audio", device) {
        let engine = AVAudioEngine()
        Self.tap(engine, into: recorder)
        try engine.start()
        try await Task.sleep(for: .milliseconds(850))
        engine.stop()
      }
      #expect(report.outcome == .finished)
      let heard = recorder.calls.flatMap(\.samples)
      #expect(heard.count == 8 * 4800)
      let converter = try SampleRateConverter(
        from: try AudioFormat.standard(sampleRate: fileRate, channelCount: 1),
        to: try AudioFormat.standard(sampleRate: 48_000, channelCount: 1),
        quality: Microphone.conversionQuality, engine: SimulatedDevice.resamplingEngine)
      let expected = PCMBuffer(format: converter.outputFormat, frameCapacity: 30_000)
      try converter.convert(try TestSignal.buffer(samples, sampleRate: fileRate), into: expected, endOfInput: true)
      let direct = expected.floatSamples(channel: 0)
      #expect(abs(direct.count - 24_000) <= 1)
      #expect(Array(heard.prefix(direct.count)) == direct, "the tap hears exactly AudioPCM's conversion of the file")
      #expect(heard.dropFirst(direct.count).allSatisfy { $0 == 0 }, "silence after the file")
      #expect(heard.prefix(direct.count).contains { abs($0) > 0.4 })
    }

    @Test func stopEndsCallbacksAndTheLedgerReturnsToZero() throws {
      let device = SimulatedDevice()
      let recorder = Recorder()
      let report = try Self.run("ledger", device) {
        let simulation = Simulation.current!
        let engine = AVAudioEngine()
        Self.tap(engine, into: recorder)
        try engine.start()
        let whileRunning = [simulation.ledger.count(of: .runningEngines), simulation.ledger.count(of: .installedTaps)]
        try await Task.sleep(for: .milliseconds(350))
        engine.stop()
        let callsAtStop = recorder.calls.count
        try await Task.sleep(for: .seconds(1))
        let afterStop = [simulation.ledger.count(of: .runningEngines), simulation.ledger.count(of: .installedTaps)]
        engine.inputNode.removeTap(onBus: 0)
        return [
          whileRunning, afterStop, [simulation.ledger.count(of: .installedTaps), simulation.ledger.count(of: .tasks)],
          [callsAtStop, recorder.calls.count, engine.isRunning ? 1 : 0],
        ]
      }
      #expect(report.outcome == .finished)
      #expect(report.value == [[1, 1], [0, 1], [0, 0], [3, 3, 0]])
    }

    @Test func removeTapStopsCallbacksWhileTheEngineRuns() throws {
      let recorder = Recorder()
      let report = try Self.run("remove tap", SimulatedDevice()) {
        let engine = AVAudioEngine()
        Self.tap(engine, into: recorder)
        try engine.start()
        try await Task.sleep(for: .milliseconds(250))
        engine.inputNode.removeTap(onBus: 0)
        try await Task.sleep(for: .milliseconds(500))
        let running = engine.isRunning
        engine.stop()
        return running
      }
      #expect(report.value == true)
      #expect(recorder.calls.count == 2)
    }

    @Test func bufferSizeIsOnlyAHintAndTheDifferenceIsDiagnosedOnce() throws {
      let device = SimulatedDevice()
      let recorder = Recorder()
      _ = try Self.run("buffer size", device) {
        let engine = AVAudioEngine()
        Self.tap(engine, into: recorder, bufferSize: 1024)
        try engine.start()
        try await Task.sleep(for: .milliseconds(350))
        engine.stop()
      }
      #expect(recorder.calls.map(\.frames) == [4800, 4800, 4800])
      #expect(device.diagnostics.filter { $0.message.contains("1024-frame") }.count == 1)
    }

    @Test func routeChangeStopsTheEnginePostsAndTheNextStartDelivers16kHz() throws {
      let device = SimulatedDevice()
      let recorder = Recorder()
      let report = try Self.run("route change", device) {
        let engine = AVAudioEngine()
        let session = AVAudioSession.sharedInstance()
        try session.setCategory(.record, mode: .measurement, options: [])
        let observers = [
          NotificationCenter.default.addObserver(forName: .AVAudioEngineConfigurationChange, object: engine, queue: nil)
          { _ in
            recorder.notifications.append("engine")
          },
          NotificationCenter.default.addObserver(
            forName: AVAudioSession.routeChangeNotification, object: nil, queue: nil
          ) { note in
            recorder.notifications.append("route")
            recorder.userInfos.append(note.userInfo ?? [:])
          },
        ]
        defer { observers.forEach(NotificationCenter.default.removeObserver) }
        Self.tap(engine, into: recorder)
        try engine.start()
        try await Task.sleep(for: .milliseconds(250))
        try device.changeRoute(sampleRate: 16_000, channelCount: 1)
        let stopped = !engine.isRunning
        let format = engine.inputNode.outputFormat(forBus: 0)
        engine.inputNode.removeTap(onBus: 0)
        Self.tap(engine, into: recorder)
        try engine.start()
        try await Task.sleep(for: .milliseconds(250))
        engine.stop()
        return "\(stopped) \(format.sampleRate)"
      }
      #expect(report.value == "true 16000.0")
      #expect(recorder.notifications == ["engine", "route"])
      #expect(
        recorder.userInfos.first?[AVAudioSessionRouteChangeReasonKey] as? UInt
          == AVAudioSession.RouteChangeReason.newDeviceAvailable.rawValue)
      #expect(recorder.calls.map(\.sampleRate) == [48_000, 48_000, 16_000, 16_000])
      #expect(recorder.calls.map(\.frames) == [4800, 4800, 1600, 1600])
      #expect(recorder.calls.map(\.sampleTime) == [0, 4800, 0, 1600])
    }

    @Test func interruptionStopsTheEngineAndTheSessionPostsBeganAndEnded() throws {
      let device = SimulatedDevice()
      let recorder = Recorder()
      let report = try Self.run("interruption", device) {
        let engine = AVAudioEngine()
        nonisolated(unsafe) let observed = engine  // the handler runs synchronously on this thread
        let session = AVAudioSession.sharedInstance()
        try session.setActive(true)
        let observer = NotificationCenter.default.addObserver(
          forName: AVAudioSession.interruptionNotification, object: nil, queue: nil
        ) { note in
          recorder.notifications.append(observed.isRunning ? "running" : "stopped")
          recorder.userInfos.append(note.userInfo ?? [:])
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        Self.tap(engine, into: recorder)
        try engine.start()
        try await Task.sleep(for: .milliseconds(150))
        device.beginInterruption()
        var errors: [Int] = []
        do { try engine.start() } catch { errors.append((error as NSError).code) }
        do { try session.setActive(true) } catch { errors.append((error as NSError).code) }
        try await Task.sleep(for: .milliseconds(500))
        device.endInterruption(shouldResume: true)
        try engine.start()
        try await Task.sleep(for: .milliseconds(150))
        engine.stop()
        return errors
      }
      #expect(report.value == [561_145_187, 561_017_449])
      #expect(recorder.notifications == ["stopped", "stopped"])
      #expect(recorder.userInfos.map { $0[AVAudioSessionInterruptionTypeKey] as? UInt } == [1, 0])
      #expect(
        recorder.userInfos.last?[AVAudioSessionInterruptionOptionKey] as? UInt
          == AVAudioSession.InterruptionOptions.shouldResume.rawValue)
      #expect(recorder.calls.count == 2, "one callback before the interruption, one after the restart")
    }

    /// Observers added with `queue: .main`, as apps write them: Foundation hands the block to the
    /// main queue and waits for it; the run froze (the watchdog ended the process) until the twins
    /// posted as the system does (`Simulation.postAsTheSystem`). Each runs before the post returns.
    @Test func mainQueueObserversOfTheSessionsNotificationsRunBeforeThePostReturns() throws {
      let device = SimulatedDevice()
      let report = try Self.run("interruption on the main queue", device) { () -> [String] in
        var order: [String] = []
        nonisolated(unsafe) var seen: [String] = []
        let observer = NotificationCenter.default.addObserver(
          forName: AVAudioSession.interruptionNotification, object: nil, queue: .main
        ) { note in
          MainActor.assertIsolated()
          seen.append(note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt == 1 ? "began" : "ended")
        }
        defer { NotificationCenter.default.removeObserver(observer) }
        try AVAudioSession.sharedInstance().setActive(true)
        device.beginInterruption()
        order.append(contentsOf: seen + ["after the begin"])
        seen = []
        try await Task.sleep(for: .milliseconds(100))
        device.endInterruption(shouldResume: true)
        order.append(contentsOf: seen + ["after the end"])
        return order
      }
      #expect(report.value == ["began", "after the begin", "ended", "after the end"])
    }

    @Test func deniedPermissionRunsTheEngineWithSilence() throws {
      let path = try TestSignal.writeWAV(TestSignal.sine(sampleRate: 48_000, frames: 48_000), sampleRate: 48_000)
      let device = SimulatedDevice(
        configuration: .init(
          microphone: .init(audioFile: path), recordPermission: .init(state: .undetermined, answersRequestWith: false)))
      let recorder = Recorder()
      let report = try Self.run("permission", device) {
        let before = AVAudioApplication.shared.recordPermission
        let granted = await AVAudioApplication.requestRecordPermission()
        let after = AVAudioApplication.shared.recordPermission
        let engine = AVAudioEngine()
        Self.tap(engine, into: recorder)
        try engine.start()
        try await Task.sleep(for: .milliseconds(250))
        engine.stop()
        return before == .undetermined && !granted && after == .denied
      }
      #expect(report.value == true)
      #expect(recorder.calls.count == 2)
      #expect(recorder.calls.allSatisfy { $0.samples.allSatisfy { $0 == 0 } })
      #expect(
        device.diagnostics.contains {
          $0.subject == "AVAudioEngine" && $0.message.contains("without record permission")
        })
    }

    @Test func completionHandlerRequestGrantsOnAnUndeterminedDevice() throws {
      let device = SimulatedDevice(
        configuration: .init(recordPermission: .init(state: .undetermined, answersRequestWith: true)))
      let report = try Self.run("permission handler", device) {
        await withCheckedContinuation { continuation in
          AVAudioApplication.requestRecordPermission { granted in continuation.resume(returning: granted) }
        }
      }
      #expect(report.value == true)
      #expect(device.recordPermission == .granted)
    }

    @Test func jitterDelaysCallbacksWithinItsBoundAndIsSeeded() throws {
      func callTimes(seed: UInt64) throws -> [Duration] {
        let device = SimulatedDevice(configuration: .init(microphone: .init(jitter: .milliseconds(20))))
        let times = Recorder()
        var arrivals: [Duration] = []
        let report = try SimulatedDevice.withDevice(device) {
          try Simulation.run(TestSimulation.configuration("jitter", seed: seed)) {
            let engine = AVAudioEngine()
            engine.inputNode.installTap(onBus: 0, bufferSize: 4800, format: nil) { _, _ in
              times.notifications.append(
                String(
                  Simulation.current!.now.components.attoseconds / 1_000_000_000 + Simulation.current!.now.components
                    .seconds * 1_000_000_000))
            }
            try engine.start()
            try await Task.sleep(for: .milliseconds(1_100))
            engine.stop()
          }
        }
        #expect(report.outcome == .finished)
        arrivals = times.notifications.map { .nanoseconds(Int64($0)!) }
        return arrivals
      }
      let first = try callTimes(seed: 7)
      #expect(first == (try callTimes(seed: 7)))
      #expect(first.count == 10)
      for (index, time) in first.enumerated() {
        let nominal = Duration.milliseconds(100 * (index + 1))
        #expect(time >= nominal && time <= nominal + .milliseconds(20))
      }
      #expect(Set(first.enumerated().map { $1 - .milliseconds(100 * ($0 + 1)) }).count > 1, "the delays vary")
    }
  }
#endif
