import Foundation
import Testing

#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import AVFAudio
#else
  import AVFAudioTwin
#endif

/// Apple's AVAudioConverter behaviour, written so it also compiles against AVFAudio.
@Suite struct AVAudioConverterTests {
  static let mic = AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 1)!
  static let analyzer = AVAudioFormat(
    commonFormat: .pcmFormatInt16, sampleRate: 16_000, channels: 1, interleaved: true)!

  /// A 440 Hz sine at half scale, `frames` long, starting at frame `start`.
  static func sine(_ frames: Int, from start: Int = 0, format: AVAudioFormat = mic) -> AVAudioPCMBuffer {
    let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(max(frames, 1)))!
    buffer.frameLength = AVAudioFrameCount(frames)
    for frame in 0..<frames {
      buffer.floatChannelData![0][frame] =
        0.5 * Float(sin(2 * Double.pi * 440 * Double(start + frame) / format.sampleRate))
    }
    return buffer
  }

  /// The seed's one-shot pull: the buffer once with .haveData, then .noDataNow.
  static func convertOnce(
    _ buffer: AVAudioPCMBuffer, with converter: AVAudioConverter, to format: AVAudioFormat,
    slack: AVAudioFrameCount = 1024
  ) -> AVAudioPCMBuffer? {
    let ratio = format.sampleRate / buffer.format.sampleRate
    let capacity = AVAudioFrameCount(Double(buffer.frameLength) * ratio) + slack
    guard let out = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: capacity) else { return nil }
    // The input block is @Sendable (the 26 SDK): its captures are marked, as apps mark them.
    nonisolated(unsafe) var supplied = false
    nonisolated(unsafe) let input = buffer
    var conversionError: NSError?
    converter.convert(to: out, error: &conversionError) { _, status in
      if supplied {
        status.pointee = .noDataNow
        return nil
      }
      supplied = true
      status.pointee = .haveData
      return input
    }
    return conversionError == nil ? out : nil
  }

  static func samples(_ buffer: AVAudioPCMBuffer) -> [Int16] {
    Array(UnsafeBufferPointer(start: buffer.int16ChannelData![0], count: Int(buffer.frameLength) * buffer.stride))
  }

  /// Drains the converter's end of stream into `into`.
  static func drain(_ converter: AVAudioConverter, format: AVAudioFormat) -> [Int16] {
    let out = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: 4096)!
    var error: NSError?
    var collected: [Int16] = []
    while true {
      let status = converter.convert(to: out, error: &error) { _, status in
        status.pointee = .endOfStream
        return nil
      }
      collected += samples(out)
      if status != .haveData { break }
    }
    return collected
  }

  @Test func impossibleConversionsGiveNil() {
    let anyRate = AVAudioFormat(standardFormatWithSampleRate: 0, channels: 1)!
    #expect(AVAudioConverter(from: anyRate, to: Self.analyzer) == nil)
    #expect(AVAudioConverter(from: Self.mic, to: Self.analyzer) != nil)
  }

  @Test func defaultsAreApples() throws {
    let converter = try #require(AVAudioConverter(from: Self.mic, to: Self.analyzer))
    #expect(converter.primeMethod == .normal)
    #expect(converter.downmix == false)
    #expect(converter.dither == false)
    #expect(converter.sampleRateConverterAlgorithm == AVSampleRateConverterAlgorithm_Normal)
    #expect(converter.inputFormat == Self.mic && converter.outputFormat == Self.analyzer)
    #expect(AVAudioConverterInputStatus.endOfStream.rawValue == 2)
    #expect(AVAudioConverterOutputStatus.error.rawValue == 3)
    #expect(AVAudioConverterPrimeMethod.none.rawValue == 2)
    #expect(AVAudioQuality.max.rawValue == 0x7F && AVAudioQuality.medium.rawValue == 0x40)
  }

  @Test func simpleConversionRefusesARateChange() throws {
    let converter = try #require(AVAudioConverter(from: Self.mic, to: Self.analyzer))
    let out = try #require(AVAudioPCMBuffer(pcmFormat: Self.analyzer, frameCapacity: 4800))
    #expect(throws: NSError.self) { try converter.convert(to: out, from: Self.sine(4800)) }
  }

  @Test func simpleConversionRefusesASmallOutput() throws {
    let int16 = try #require(
      AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 48_000, channels: 1, interleaved: true))
    let converter = try #require(AVAudioConverter(from: Self.mic, to: int16))
    let out = try #require(AVAudioPCMBuffer(pcmFormat: int16, frameCapacity: 100))
    #expect(throws: NSError.self) { try converter.convert(to: out, from: Self.sine(480)) }
  }

  @Test func simpleConversionChangesSampleTypeAndLayout() throws {
    let stereoFloat = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2))
    let stereoInt16 = try #require(
      AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 48_000, channels: 2, interleaved: true))
    let converter = try #require(AVAudioConverter(from: stereoFloat, to: stereoInt16))
    let input = try #require(AVAudioPCMBuffer(pcmFormat: stereoFloat, frameCapacity: 4))
    input.frameLength = 4
    for frame in 0..<4 {
      input.floatChannelData![0][frame] = 0.25
      input.floatChannelData![1][frame] = -0.5
    }
    let out = try #require(AVAudioPCMBuffer(pcmFormat: stereoInt16, frameCapacity: 4))
    try converter.convert(to: out, from: input)
    #expect(out.frameLength == 4)
    #expect(Self.samples(out) == [8192, -16384, 8192, -16384, 8192, -16384, 8192, -16384])
  }

  @Test func micToAnalyzerFormatEndToEnd() throws {
    let converter = try #require(AVAudioConverter(from: Self.mic, to: Self.analyzer))
    var output: [Int16] = []
    for piece in 0..<10 {
      let converted = try #require(
        Self.convertOnce(Self.sine(4800, from: piece * 4800), with: converter, to: Self.analyzer))
      #expect(converted.format == Self.analyzer)
      output += Self.samples(converted)
    }
    output += Self.drain(converter, format: Self.analyzer)
    #expect(abs(output.count - 16_000) <= 1, "one second in, one second out: \(output.count)")
    // A 440 Hz half-scale sine survives: peak near 16384 in the middle.
    let middle = output[4000..<12000]
    #expect((15_800...16_600).contains(Int(middle.max()!)))
  }

  /// Tiny tap buffers (a 3.6 ms hardware period at any rate) converted one at a time, as a live tap
  /// converts them: every input frame comes out, whatever the rate (up or down), so the stream's
  /// output is as long as its input at the output's rate, less only what the filter still holds.
  /// The output buffers are roomy: the twin's converter releases its output in blocks of up to about
  /// 500 frames (Twins.md, AVAudioConverter), so a buffer sized `ratio × frames` plus a small margin
  /// fills from what it held back and the input block is not asked for that call's buffer.
  @Test(arguments: [8_000.0, 16_000.0, 44_100.0, 48_000.0])
  func tinyBuffersOneAtATimeLoseNothing(rate: Double) throws {
    let input = AVAudioFormat(standardFormatWithSampleRate: rate, channels: 1)!
    let converter = try #require(AVAudioConverter(from: input, to: Self.analyzer))
    let frames = Int((rate * 0.0036).rounded())
    var produced = 0
    var sent = 0
    for index in 0..<300 {
      let out = try #require(
        Self.convertOnce(
          Self.sine(frames, from: index * frames, format: input), with: converter, to: Self.analyzer, slack: 4096))
      produced += Int(out.frameLength)
      sent += frames
    }
    let expected = Double(sent) * 16_000 / rate
    // What is still inside is at most the filter's hold-back (a few ms at 16 kHz).
    #expect(Double(produced) > expected - 400, "\(rate) Hz, \(frames)-frame buffers: \(produced) of \(expected) frames")
    #expect(Double(produced) <= expected + 1)
  }

  @Test func pullModelFillsTheOutputAndAsksForWhatIsStillNeeded() throws {
    let converter = try #require(AVAudioConverter(from: Self.mic, to: Self.analyzer))
    converter.primeMethod = .none
    let out = try #require(AVAudioPCMBuffer(pcmFormat: Self.analyzer, frameCapacity: 1600))
    nonisolated(unsafe) var requests: [AVAudioPacketCount] = []
    nonisolated(unsafe) var fed = 0
    var error: NSError?
    let status = converter.convert(to: out, error: &error) { needed, status in
      requests.append(needed)
      status.pointee = .haveData
      fed += 480
      return Self.sine(480, from: fed - 480)
    }
    #expect(status == .haveData)
    #expect(out.frameLength == 1600)
    #expect(requests.count >= 10, "480-frame pieces give 160 frames each; a 1600-frame output needs at least 10")
    #expect(requests.first! >= 4800, "the first request asks for the whole output's worth of input")
    #expect(requests.last! < requests.first!, "later requests ask only for what is still needed")
  }

  @Test func noDataNowReturnsWhatWasProduced() throws {
    let converter = try #require(AVAudioConverter(from: Self.mic, to: Self.analyzer))
    let out = try #require(AVAudioPCMBuffer(pcmFormat: Self.analyzer, frameCapacity: 16_000))
    var error: NSError?
    nonisolated(unsafe) var calls = 0
    let status = converter.convert(to: out, error: &error) { _, status in
      calls += 1
      if calls > 1 {
        status.pointee = .noDataNow
        return nil
      }
      status.pointee = .haveData
      return Self.sine(4800)
    }
    #expect(status == .inputRanDry)
    #expect(calls == 2)
    #expect(out.frameLength > 0 && out.frameLength <= 1600)
    #expect(error == nil)
  }

  @Test func endOfStreamFlushesThenEndsUntilReset() throws {
    let converter = try #require(AVAudioConverter(from: Self.mic, to: Self.analyzer))
    let out = try #require(AVAudioPCMBuffer(pcmFormat: Self.analyzer, frameCapacity: 4096))
    var error: NSError?
    nonisolated(unsafe) var supplied = false
    let first = converter.convert(to: out, error: &error) { _, status in
      if supplied {
        status.pointee = .endOfStream
        return nil
      }
      supplied = true
      status.pointee = .haveData
      return Self.sine(4800)
    }
    #expect(first == .haveData)
    #expect(abs(Int(out.frameLength) - 1600) <= 1, "the tail is flushed: all 1600 frames come out")
    // The trap: .endOfStream per buffer. The next buffer produces nothing.
    nonisolated(unsafe) var asked = false
    let second = converter.convert(to: out, error: &error) { _, status in
      asked = true
      status.pointee = .haveData
      return Self.sine(4800)
    }
    #expect(second == .endOfStream)
    #expect(out.frameLength == 0)
    #expect(!asked, "an ended converter does not ask for input")
    converter.reset()
    let afterReset = try #require(Self.convertOnce(Self.sine(4800), with: converter, to: Self.analyzer))
    #expect(afterReset.frameLength > 0)
  }

  @Test func returningTheSameBufferAgainDuplicatesTheAudio() throws {
    let converter = try #require(AVAudioConverter(from: Self.mic, to: Self.analyzer))
    // A rising ramp: played twice, it drops back to the start where the copies meet.
    nonisolated(unsafe) let tap = try #require(AVAudioPCMBuffer(pcmFormat: Self.mic, frameCapacity: 4800))
    tap.frameLength = 4800
    for frame in 0..<4800 { tap.floatChannelData![0][frame] = Float(frame) / 4800 * 0.8 }
    let out = try #require(AVAudioPCMBuffer(pcmFormat: Self.analyzer, frameCapacity: 4800))
    var error: NSError?
    nonisolated(unsafe) var calls = 0
    let status = converter.convert(to: out, error: &error) { _, status in
      calls += 1
      status.pointee = .haveData
      return tap
    }
    #expect(status == .haveData)
    #expect(out.frameLength == 4800, "1600 frames of audio became a full 4800-frame output")
    #expect(calls >= 3)
    let samples = Self.samples(out)
    let drops = zip(samples, samples.dropFirst()).filter { Int($0.0) - Int($0.1) > 10_000 }.count
    #expect(drops >= 2, "the ramp restarts where the repeated copies meet")
  }

  @Test func inputBlockErrorsReportAnError() throws {
    let converter = try #require(AVAudioConverter(from: Self.mic, to: Self.analyzer))
    let out = try #require(AVAudioPCMBuffer(pcmFormat: Self.analyzer, frameCapacity: 1600))
    var error: NSError?
    nonisolated(unsafe) let wrongFormat = Self.sine(
      480, format: AVAudioFormat(standardFormatWithSampleRate: 44_100, channels: 1)!)
    let status = converter.convert(to: out, error: &error) { _, status in
      status.pointee = .haveData
      return wrongFormat
    }
    #expect(status == .error)
    #expect(error != nil)
  }
}
