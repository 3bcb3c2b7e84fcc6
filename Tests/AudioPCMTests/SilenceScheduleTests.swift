import Foundation
import Testing

@testable import AudioPCM

/// A low-latency libsoxr converter that has heard only digital silence writes zeros without running
/// libsoxr (`SoxrSilenceSchedule`): every call must give what libsoxr gives — frames consumed,
/// produced and pending, whether it finished, and the output's bytes — over buffer sizes, output
/// capacities, rates, qualities, channel counts and sample types, through the end of input, real
/// audio after the silence, and a reset.
@Suite struct SilenceScheduleTests {
  struct Case: CustomStringConvertible, Sendable {
    var inputRate: Double
    var outputRate: Double
    var quality: SampleRateConverter.Quality
    var channels: Int
    var outputType: AudioFormat.SampleType
    var isInterleaved = true
    var description: String {
      "\(Int(inputRate))→\(Int(outputRate)) \(quality) \(channels) ch \(outputType)\(isInterleaved ? "" : " planar")"
    }
  }

  static let cases: [Case] = [
    Case(inputRate: 48_000, outputRate: 16_000, quality: .medium, channels: 1, outputType: .float32),
    Case(inputRate: 48_000, outputRate: 16_000, quality: .medium, channels: 1, outputType: .int16),
    Case(inputRate: 48_000, outputRate: 16_000, quality: .best, channels: 2, outputType: .float32),
    Case(inputRate: 48_000, outputRate: 16_000, quality: .fastest, channels: 1, outputType: .float32),
    Case(inputRate: 32_000, outputRate: 16_000, quality: .medium, channels: 1, outputType: .float32),
    Case(inputRate: 44_100, outputRate: 22_050, quality: .best, channels: 1, outputType: .int16),
    Case(inputRate: 96_000, outputRate: 32_000, quality: .fastest, channels: 2, outputType: .int16),
    Case(
      inputRate: 48_000, outputRate: 16_000, quality: .medium, channels: 2, outputType: .int16, isInterleaved: false),
  ]

  /// Input frames per buffer: one frame, odd sizes, 10 ms and 100 ms taps, sizes around a block.
  static let bufferSizes = [1, 7, 160, 441, 443, 480, 1_000, 1_024, 4_096, 4_800]

  @Test(arguments: Self.cases)
  func silenceWithoutLibsoxrMatchesLibsoxr(_ testCase: Case) throws {
    let input = try AudioFormat(
      sampleRate: testCase.inputRate, channelCount: testCase.channels, sampleType: .float32, isInterleaved: true)
    let output = try AudioFormat(
      sampleRate: testCase.outputRate, channelCount: testCase.channels, sampleType: testCase.outputType,
      isInterleaved: testCase.isInterleaved)
    for frames in Self.bufferSizes {
      for capacity in Self.capacities(frames, ratio: testCase.outputRate / testCase.inputRate) {
        // Skipping from the first frame, and after libsoxr has filtered the first 2,000.
        for before in [0, 2_000] {
          try compare(input, output, quality: testCase.quality, frames: frames, capacity: capacity, before: before)
        }
      }
    }
  }

  /// An output sized for the input, a small one (output piles up pending) and a large one.
  static func capacities(_ frames: Int, ratio: Double) -> [Int] {
    [Int((Double(frames) * ratio).rounded(.up)), 37, 16_384]
  }

  /// Runs a fast converter (skipping libsoxr after `before` frames of silence) and one that always runs
  /// libsoxr over the same calls: silence, real audio, the end of input, drains; a reset; silence and
  /// the end of input.
  func compare(
    _ input: AudioFormat, _ output: AudioFormat, quality: SampleRateConverter.Quality, frames: Int, capacity: Int,
    before: Int
  ) throws {
    let fast = try SampleRateConverter(from: input, to: output, quality: quality, engine: .soxr, isLowLatency: true)
    let slow = try SampleRateConverter(from: input, to: output, quality: quality, engine: .soxr, isLowLatency: true)
    slow.silenceKey = nil
    fast.silenceBeforeSkipping = before
    let calls = max(3, 12_000 / frames)
    let context = "\(input) → \(output), \(frames) frames a call, output of \(capacity), skipping after \(before)"
    var step = 0
    func call(_ buffer: PCMBuffer?, endOfInput: Bool = false) throws {
      step += 1
      try expectSameCall(fast, slow, buffer, capacity: capacity, endOfInput: endOfInput, "\(context), call \(step)")
    }
    for _ in 0..<calls { try call(Self.silence(input, frames)) }
    #expect(fast.leadingSilence == calls * frames && fast.skippedSilence > 0, "the silence skipped libsoxr: \(context)")
    for index in 0..<calls { try call(Self.tone(input, frames, from: index * frames)) }
    try call(nil, endOfInput: true)
    while fast.pendingFrameCount > 0 || slow.pendingFrameCount > 0 { try call(nil) }
    fast.reset()
    slow.reset()
    for _ in 0..<calls { try call(Self.silence(input, frames)) }
    try call(Self.silence(input, frames), endOfInput: true)
    while fast.pendingFrameCount > 0 || slow.pendingFrameCount > 0 { try call(nil) }
    #expect(!fast.heardSound && fast.skippedSilence > 0, "silence to the end skipped libsoxr: \(context)")
  }

  func expectSameCall(
    _ fast: SampleRateConverter, _ slow: SampleRateConverter, _ buffer: PCMBuffer?, capacity: Int, endOfInput: Bool,
    _ context: String
  ) throws {
    let fastOutput = PCMBuffer(format: fast.outputFormat, frameCapacity: capacity)
    let slowOutput = PCMBuffer(format: slow.outputFormat, frameCapacity: capacity)
    let fastResult = try fast.convert(buffer, into: fastOutput, endOfInput: endOfInput)
    let slowResult = try slow.convert(buffer, into: slowOutput, endOfInput: endOfInput)
    #expect(fastResult == slowResult, "\(context)")
    #expect(Self.bytes(fastOutput) == Self.bytes(slowOutput), "\(context): output bytes")
  }

  static func bytes(_ buffer: PCMBuffer) -> [UInt8] {
    let count = buffer.frameLength * buffer.stride * buffer.format.sampleType.byteCount
    return (0..<buffer.planeCount).flatMap { Array(UnsafeRawBufferPointer(start: buffer.rawPlane($0), count: count)) }
  }

  static func silence(_ format: AudioFormat, _ frames: Int) -> PCMBuffer {
    let buffer = PCMBuffer(format: format, frameCapacity: frames)
    buffer.frameLength = frames
    return buffer
  }

  /// A 1 kHz tone at half scale, continuing from frame `start`.
  static func tone(_ format: AudioFormat, _ frames: Int, from start: Int) -> PCMBuffer {
    let buffer = silence(format, frames)
    let samples = buffer.floatChannelData![0]
    let channels = format.channelCount
    for frame in 0..<frames {
      let value = Float(0.5 * sin(2 * Double.pi * 1_000 * Double(start + frame) / format.sampleRate))
      for channel in 0..<channels { samples[frame * channels + channel] = value }
    }
    return buffer
  }

  @Test func decimationByTwoAndThreeHaveASchedule() {
    for (inputRate, outputRate) in [(48_000.0, 16_000.0), (32_000.0, 16_000.0)] {
      let key = SoxrSilenceSchedule.Key(
        inputRate: inputRate, outputRate: outputRate, quality: .medium, isLowLatency: true)
      #expect(SoxrSilenceSchedule.schedule(for: key) != nil, "\(inputRate) → \(outputRate)")
    }
    let other = SoxrSilenceSchedule.Key(inputRate: 44_100, outputRate: 16_000, quality: .medium, isLowLatency: true)
    #expect(SoxrSilenceSchedule.schedule(for: other) == nil, "44.1 kHz → 16 kHz is not single-stage decimation")
  }

  @Test func negativeZeroIsNotDigitalSilence() {
    var samples: [Float] = [0, 0, -0.0, 0]
    #expect(SampleRateConverter.isDigitalSilence(&samples, 4) == false)
    samples[2] = 0
    #expect(SampleRateConverter.isDigitalSilence(&samples, 4))
  }
}
