import AudioPCM
import Foundation
import Simulation
import SpeechReplayImport
import SpeechReplayTestSupport
import Testing

@Suite struct VoiceActivityDetectorTests {
  /// A 16 kHz file of a quiet noise floor with loud tone bursts at known places.
  static func file(bursts: [(Double, Double)], length: Double) throws -> String {
    let path = try TemporaryFolder(prefix: "vad").url.appendingPathComponent("bursts.wav").path
    let format = try AudioFormat.standard(sampleRate: 16_000, channelCount: 1)
    let writer = try AudioFileWriter(path: path, container: .wav, encoding: .pcm16, format: format)
    let frames = Int(length * 16_000)
    let buffer = PCMBuffer(format: format, frameCapacity: frames)
    buffer.frameLength = frames
    var random = SeededRandomNumberGenerator(seed: 7)
    for frame in 0..<frames {
      let noise = Float.random(in: -0.001..<0.001, using: &random)
      let time = Double(frame) / 16_000
      let loud = bursts.contains { time >= $0.0 && time < $0.1 }
      buffer.setSample(noise + (loud ? 0.3 * Float(sin(2 * Double.pi * 220 * time)) : 0), channel: 0, frame: frame)
    }
    try writer.write(buffer)
    try writer.close()
    return path
  }

  @Test func burstsBecomeSegmentsAndShortPausesStayInside() throws {
    // 0.5–1.5 s, then 1.6–2.0 s (a 100 ms pause: within the hangover), then 3.0–3.5 s and a 30 ms click.
    let path = try Self.file(bursts: [(0.5, 1.5), (1.6, 2.0), (3.0, 3.5), (4.2, 4.23)], length: 5)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let segments = try VoiceActivityDetector().segments(ofFileAt: path).segments
    #expect(segments.count == 2, "\(segments)")
    #expect(abs(segments[0].start - 0.5) <= 0.02 && abs(segments[0].end - 2.0) <= 0.02)
    #expect(abs(segments[1].start - 3.0) <= 0.02 && abs(segments[1].end - 3.5) <= 0.02)
  }

  @Test func silenceHasNoSegments() throws {
    let path = try Self.file(bursts: [], length: 2)
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try VoiceActivityDetector().segments(ofFileAt: path).segments.isEmpty)
  }

  @Test func skeletonSpreadsTheTextAndRunsGreen() throws {
    let path = try Self.file(bursts: [(0.5, 1.0), (2.0, 3.0)], length: 4)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let scenario = (path as NSString).deletingPathExtension + ".yaml"
    defer { try? FileManager.default.removeItem(atPath: scenario) }
    let skeleton = try ScenarioSkeleton(audioPath: path, text: "turn on the lights").render(scenarioPath: scenario)
    #expect(skeleton.segments.count == 2)
    #expect(skeleton.text.contains("final: \"turn\""))
    #expect(skeleton.text.contains("final: \"on the lights\""))
    #expect(skeleton.text.contains("sampleRate: 16000"))
    try skeleton.text.write(toFile: scenario, atomically: true, encoding: .utf8)
    let result = ScenarioRunnerBridge.run(scenario)
    #expect(result.passed, "\(result.failures)")
  }

  @Test func anUnreadableFileIsAnErrorNamingIt() {
    #expect { try VoiceActivityDetector().segments(ofFileAt: "/nonexistent/user.wav") } throws: {
      "\($0)".contains("/nonexistent/user.wav")
    }
  }
}
