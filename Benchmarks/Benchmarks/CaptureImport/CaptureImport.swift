// `speech-replay capture import` of a 10-minute capture (target ≤ 10 s) and the voice-activity
// detection of `scenario new` / `audio segments` on a 10-minute file (target ≤ 10 s).
import Benchmark
import Foundation
import SpeechReplayCapture
import SpeechReplayImport
import SpeechShim

/// A 10-minute 48 kHz mono capture: 6000 tap buffers of 100 ms (speech-like bursts), results every
/// second, a UI state per result, start and stop. Made once per process.
let tenMinuteCapture: URL = {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("capture-import-benchmark-\(UUID().uuidString)")
  try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let url = folder.appendingPathComponent("ten-minutes.speechcapture")
  let recorder = try! CaptureRecorder(
    url: url, header: CaptureHeader(deviceModel: "benchmark", osVersion: "linux", locale: "en-US", appVersion: "benchmark"),
    options: .init(ringBytes: 64 * 4_800 * 4, ringBuffers: 64))
  let format = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
  let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 4_800)!
  buffer.frameLength = 4_800
  recorder.recordAction(.start)
  var committed = ""
  for index in 0..<6_000 {
    let loud = index % 30 < 20  // 2 s of "speech", 1 s of pause
    for frame in 0..<4_800 {
      let time = Double(index * 4_800 + frame) / 48_000
      buffer.floatChannelData![0][frame] = loud ? Float(0.3 * sin(2 * Double.pi * 220 * time)) : 0.0005 * Float((frame * 7919) % 13) / 13
    }
    recorder.recordTap(buffer, at: AVAudioTime(hostTime: UInt64(index), sampleTime: AVAudioFramePosition(index * 4_800), atRate: 48_000))
    if index % 10 == 9 {
      let final = index % 30 == 29
      let text = "word\(index / 10)"
      recorder.recordResult(
        CaptureResult(module: .speechTranscriber, isFinal: final, text: text, rangeStart: Double(index / 10), rangeDuration: 1, finalizationTime: 0, alternatives: [text], confidence: nil))
      if final { committed += text + " " }
      recorder.recordUIState(CaptureUIState(committed: committed, volatile: final ? "" : text, phase: "listening", microphone: "offered"))
    }
    if index % 64 == 63 { try! recorder.flush() }
  }
  recorder.recordAction(.stop)
  try! recorder.finish()
  return url
}()

let benchmarks: @Sendable () -> Void = {
  let configuration = Benchmark.Configuration(metrics: [.wallClock, .peakMemoryResident], warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 3)

  Benchmark("capture import of a 10-minute capture", configuration: configuration) { benchmark in
    let capture = try! CaptureFile(url: tenMinuteCapture)
    for _ in benchmark.scaledIterations {
      let out = tenMinuteCapture.deletingLastPathComponent().appendingPathComponent("imported-\(UUID().uuidString)")
      benchmark.startMeasurement()
      let output = try! CaptureImporter(capture: capture).write(into: out)
      benchmark.stopMeasurement()
      precondition(output.buffers == 6_000, "the import lost buffers")
      try? FileManager.default.removeItem(at: out)
    }
  }

  Benchmark("voice-activity detection of a 10-minute file", configuration: configuration) { benchmark in
    let out = tenMinuteCapture.deletingLastPathComponent().appendingPathComponent("audio-for-vad")
    let audio = try! CaptureImporter(capture: try! CaptureFile(url: tenMinuteCapture)).write(into: out).audio!
    for _ in benchmark.scaledIterations {
      benchmark.startMeasurement()
      let segments = try! VoiceActivityDetector().segments(ofFileAt: audio.path).segments
      benchmark.stopMeasurement()
      precondition(segments.count == 200, "expected 200 bursts, found \(segments.count)")
    }
  }
}
