// Runs DictationOn27.swift (app code for the 27 SDK, written with Apple's module names only) on the
// simulated device: its 27 path, its 26 path, the 27 file and capture providers, the 27 session
// notifications and the 27 buffer reads.
import AVFoundation
import CoreMedia
import Foundation
import SimulatedDevice
import Simulation
import Speech
import Testing

@Suite(.serialized) struct SDK27AppCodeTests {
  static let audio = AppCodeSweepTests.audio
  static let fox = audio.appendingPathComponent("quick-brown-fox-48k.wav")
  static let sentence = "The quick brown fox jumps over the lazy dog."

  static func device() throws -> SimulatedDevice {
    SimulatedDevice(
      configuration: .init(microphone: .init(audioFile: fox.path)),
      model: ScriptedModelBackend(script: try AppCodeSweepTests.script("quick-brown-fox-48k")))
  }

  static func dictate(use27: Bool, device: SimulatedDevice) throws -> [String] {
    try AppCodeSweepTests.run("sdk27 dictation", device: device) { () async throws -> [String] in
      let app = DictationOn27()
      try await app.start(locale: Locale(identifier: "en-US"), use27: use27)
      try await Simulation.current!.clock.sleep(for: .seconds(6))
      try await app.stop()
      return [
        app.path?.rawValue ?? "none", app.text, "\(app.tapBuffers > 0)", app.deactivations.joined(separator: ","),
      ]
    }
  }

  @Test func theAppTakesIts27PathOnLinuxAndTheFlushedConverterLosesNothing() throws {
    let device = try Self.device()
    let value = try Self.dictate(use27: true, device: device)
    #expect(value == ["sdk27", Self.sentence, "true", "app"])
    // Flushed at the stop: no note about audio left inside the converter, and its converter is
    // used as Apple documents (no call after the end of the stream).
    #expect(device.diagnostics.map(\.subject) == ["AVAudioNode"], "\(device.diagnostics)")
  }

  @Test func theAppsOwn26PathRunsToo() throws {
    let device = try Self.device()
    let value = try Self.dictate(use27: false, device: device)
    #expect(value == ["sdk26", Self.sentence, "true", ""])
  }

  @Test func anInterruptionEndsThe27SessionWithASystemContext() throws {
    let device = try Self.device()
    let value = try AppCodeSweepTests.run("sdk27 interruption", device: device) { () async throws -> [String] in
      let app = DictationOn27()
      try await app.start(locale: Locale(identifier: "en-US"))
      let order = Order()
      let center = NotificationCenter.default
      let observers = [
        center.addObserver(forName: AVAudioSession.interruptionNotification, object: nil, queue: nil) { _ in
          order.names.append("interruption")
        },
        center.addObserver(forName: AVAudioSession.didBecomeInactiveNotification, object: nil, queue: nil) { _ in
          order.names.append("inactive")
        },
      ]
      try await Simulation.current!.clock.sleep(for: .seconds(1))
      SimulatedDevice.current.beginInterruption()
      SimulatedDevice.current.endInterruption(shouldResume: true)
      observers.forEach(center.removeObserver)
      try await app.stop()
      return order.names + app.deactivations
    }
    // The old notification first, then the 27 one; the reason is `.default` (0). The end posts only
    // the old one: the session stays inactive until the app activates it again.
    #expect(value == ["interruption", "inactive", "interruption", "system:0"])
  }

  /// Notification names in the order they were posted (posting is synchronous on the simulation).
  final class Order: @unchecked Sendable {
    var names: [String] = []
  }

  @Test func theAssetProviderTranscribesTheWholeFile() throws {
    var script = try AppCodeSweepTests.script("quick-brown-fox-48k")
    script.leadingSpaceAfterFirstFinal = false
    let device = SimulatedDevice(model: ScriptedModelBackend(script: script))
    let text = try AppCodeSweepTests.run("sdk27 asset", device: device) { () async throws -> String in
      try await DictationOn27.transcribeFile(Self.fox, locale: Locale(identifier: "en-US"))
    }
    #expect(text == Self.sentence)
  }

  @Test func theCaptureProviderFollowsTheMicrophoneAndEndsWhenReleased() throws {
    let device = try Self.device()
    let value = try AppCodeSweepTests.run("sdk27 capture", device: device) { () async throws -> [String] in
      let app = CaptureDictation()
      try await app.run(locale: Locale(identifier: "en-US")) {
        try await Simulation.current!.clock.sleep(for: .seconds(2))
        try SimulatedDevice.current.changeRoute(sampleRate: 16_000, channelCount: 1)
        try await Simulation.current!.clock.sleep(for: .seconds(4))
      }
      return [app.text, "\(app.inputs > 10)"]
    }
    #expect(value == [Self.sentence, "true"])
  }

  @Test func readySampleBuffersReachTheAnalyzerWholeAtTheirPresentationTimes() throws {
    let device = try Self.device()
    let fileFrames = try AVAudioFile(forReading: Self.fox).length
    let value = try AppCodeSweepTests.run("sdk27 ready sample buffers", device: device) {
      () async throws -> [String] in
      let (text, starts, frames) = try await ReadySampleBufferTranscription(locale: Locale(identifier: "en-US"))
        .transcribe(Self.fox)
      // Each input starts where the previous one ended: the sample buffers' timestamps, in order.
      let contiguous = zip(starts, starts.dropFirst()).allSatisfy { $0 < $1 }
      return [text, "\(starts.first ?? -1)", "\(starts.count > 1 && contiguous)", "\(frames)"]
    }
    #expect(Array(value.prefix(3)) == [Self.sentence, "0.0", "true"])
    // 48 kHz read at the analyzer's 16 kHz: a third of the file's frames, all of them heard.
    let frames = try #require(Int(value[3]))
    #expect(abs(frames - Int(fileFrames) / 3) <= 2, "\(frames) frames of \(fileFrames / 3)")
    #expect(device.diagnostics.isEmpty, "\(device.diagnostics)")
  }

  @Test func anObserverOfTheTypedMessagesHearsTheSessionEnd() throws {
    let device = try Self.device()
    let value = try AppCodeSweepTests.run("sdk27 typed messages", device: device) { () async throws -> [String] in
      let watcher = await SessionWatcher()
      await watcher.watch(AVAudioSession.sharedInstance())
      let app = DictationOn27()
      try await app.start(locale: Locale(identifier: "en-US"))
      try await Simulation.current!.clock.sleep(for: .seconds(1))
      SimulatedDevice.current.beginInterruption()
      SimulatedDevice.current.endInterruption(shouldResume: true)
      try await app.stop()
      try await app.start(locale: Locale(identifier: "en-US"))
      try await Simulation.current!.clock.sleep(for: .seconds(1))
      try await app.stop()
      return await watcher.heard
    }
    // The interruption's end is the system's (reason `.default`, 0); the second stop is the app's.
    #expect(value == ["active", "inactive system:0", "active", "inactive app"])
  }

  @Test func the27ReadGivesAReadOnlyBufferThatCopiesIntoAMutableOne() throws {
    let (frames, peak) = try DictationOn27.firstFrames(of: Self.fox, count: 48_000)
    #expect(frames == 48_000)
    #expect(peak > 0.01)
  }
}

/// The async and typed forms a 27 app writes around the session.
@available(iOS 27, macOS 27, *)
enum SessionOn27 {
  @MainActor static func activateAndWatch(_ session: AVAudioSession) async throws -> Bool {
    let token = NotificationCenter.default.addObserver(of: session, for: .didBecomeInactive) { message in
      if case .systemInterruption(let context) = message.deactivationResult { _ = context.reason }
    }
    _ = token
    return try await session.activate(options: [])
  }
}

/// App code that watches the session with the 27 typed messages.
@available(iOS 27, macOS 27, *)
@MainActor final class SessionWatcher {
  private(set) var heard: [String] = []
  private var tokens: [NotificationCenter.ObservationToken] = []

  func watch(_ session: AVAudioSession) {
    let center = NotificationCenter.default
    tokens.append(
      center.addObserver(of: session, for: .didBecomeActive) { [weak self] _ in self?.heard.append("active") })
    tokens.append(
      center.addObserver(of: session, for: .didBecomeInactive) { [weak self] message in
        switch message.deactivationResult {
        case .appDeactivated: self?.heard.append("inactive app")
        case .systemInterruption(let context): self?.heard.append("inactive system:\(context.reason.rawValue)")
        }
      })
  }
}
