import AVFAudioTwin
import CoreMediaTwin
import Foundation
import SimulatedDevice
import Simulation
import SpeechReplayTestSupport
import SpeechTwin
import Testing

/// Runs analyzer scenarios in the simulation on a device with a scripted model.
enum AnalyzerHarness {
  static let analyzerFormat = AVAudioFormat(
    commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true)!
  static let microphoneFormat = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!

  static let foxScript = ModelScript(entries: [
    .volatile("the", at: .seconds(0.4)),
    .volatile("the quick", at: .seconds(0.8)),
    .volatile("the quick brown", at: .seconds(1.2), finalizeAs: "The quick brown."),
    .final("The quick brown fox.", at: .seconds(1.6)),
  ])

  /// A buffer of `frames` frames of a quiet tone in `format`.
  static func buffer(_ format: AVAudioFormat = analyzerFormat, frames: Int) -> AVAudioPCMBuffer {
    let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(frames))!
    buffer.frameLength = AVAudioFrameCount(frames)
    if let samples = buffer.int16ChannelData {
      for frame in 0..<frames { samples[0][frame] = Int16((sin(Double(frame) * 0.1) * 3000).rounded()) }
    } else if let samples = buffer.floatChannelData {
      for frame in 0..<frames { samples[0][frame] = Float(sin(Double(frame) * 0.1) * 0.1) }
    }
    return buffer
  }

  /// Runs `body` in a simulation on a device with `script` as the model (and `configuration`).
  static func run<T: Sendable>(
    _ name: String, script: ModelScript = foxScript, configuration: SimulatedDevice.Configuration = .init(),
    _ body: @escaping @Sendable (SimulatedDevice) async throws -> T
  ) throws -> (value: T, device: SimulatedDevice, report: Simulation.Report<T>) {
    let device = SimulatedDevice(configuration: configuration, model: ScriptedModelBackend(script: script))
    let report = try Simulation.run(TestSimulation.configuration(name)) { () async throws -> T in
      try await SimulatedDevice.withDevice(device) { try await body(device) }
    }
    guard case .finished = report.outcome else {
      Issue.record("simulation did not finish: \(report.outcome)")
      throw CancellationError()
    }
    return (try report.get(), device, report)
  }
}

/// Collects a transcriber's results in a task, recording whether the sequence ended and how.
actor ResultCollector {
  private(set) var results: [String] = []
  private(set) var ended = false
  private(set) var error: (any Error)?

  func add(_ line: String) { results.append(line) }
  func end(_ error: (any Error)?) {
    ended = true
    self.error = error
  }

  /// Starts reading `transcriber.results`.
  nonisolated func collect(_ transcriber: SpeechTranscriber) -> Task<Void, Never> {
    Task {
      do {
        for try await result in transcriber.results { await self.add(result.description) }
        await self.end(nil)
      } catch {
        await self.end(error)
      }
    }
  }
}
