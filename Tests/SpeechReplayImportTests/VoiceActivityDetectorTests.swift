import AudioPCM
import Foundation
import Simulation
import SpeechReplayImport
import SpeechReplayTestSupport
import Testing

@Suite struct VoiceActivityDetectorTests {
  /// A 16 kHz file of a quiet noise floor with loud tone bursts at known places.
  static func file(bursts: [(Double, Double)], length: Double, softTails: [(Double, Double)] = []) throws -> String {
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
      // A soft ending: a few dB under the threshold (about -53 dBFS here), within its release.
      let soft = softTails.contains { time >= $0.0 && time < $0.1 }
      let amplitude: Float = loud ? 0.3 : soft ? 0.002 : 0
      buffer.setSample(noise + amplitude * Float(sin(2 * Double.pi * 220 * time)), channel: 0, frame: frame)
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

  /// "…young man." trails off: the quiet end of a word belongs to its segment (it was cut early).
  @Test func aSoftEndingStaysInsideTheSegment() throws {
    let path = try Self.file(bursts: [(0.5, 1.5)], length: 3, softTails: [(1.5, 1.64)])
    defer { try? FileManager.default.removeItem(atPath: path) }
    let detection = try VoiceActivityDetector().segments(ofFileAt: path)
    #expect(detection.segments.count == 1)
    #expect(abs(detection.segments[0].end - 1.64) <= 0.02, "\(detection.segments) threshold \(detection.threshold)")
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
    // Two sentences, one per segment, held through the 1 s pause and finalized one per sentence.
    let skeleton = try ScenarioSkeleton(audioPath: path, text: "Turn on. The lights.").render(scenarioPath: scenario)
    #expect(skeleton.segments.count == 2)
    #expect(skeleton.text.contains("finalizeAs: [\"Turn on.\", \"The lights.\"]"), "\(skeleton.text)")
    #expect(skeleton.text.contains("sampleRate: 48000"))
    // One sentence over both segments is one utterance: no final ends mid-sentence.
    let one = try ScenarioSkeleton(audioPath: path, text: "turn on the lights").render(scenarioPath: scenario)
    #expect(one.segments == [SpeechSegment(start: skeleton.segments[0].start, end: skeleton.segments[1].end)])
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
