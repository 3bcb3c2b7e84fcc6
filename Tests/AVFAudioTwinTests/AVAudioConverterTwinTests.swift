#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  @testable import AVFAudioTwin
  import AudioPCM
  import Foundation
  import SimulatedDevice
  import Simulation
  import Testing

  /// The twin's own decisions: frame-exact streaming, output held back when the output is too small,
  /// priming, and the diagnostics that make Apple's silent traps visible.
  @Suite(.serialized) struct AVAudioConverterTwinTests {
    typealias T = AVAudioConverterTests

    /// A rising-and-falling ramp (not periodic) so any lost or repeated frame changes the output.
    static func ramp(_ frames: Int, from start: Int) -> AVAudioPCMBuffer {
      let buffer = AVAudioPCMBuffer(pcmFormat: T.mic, frameCapacity: AVAudioFrameCount(max(frames, 1)))!
      buffer.frameLength = AVAudioFrameCount(frames)
      for frame in 0..<frames {
        let n = start + frame
        buffer.floatChannelData![0][frame] = Float(n % 9000) / 9000 * 0.6 + 0.2 * Float(sin(Double(n) * 0.01))
      }
      return buffer
    }

    /// The whole input converted in one pull, then drained: the reference output.
    static func oneShot(_ frames: Int) throws -> [Int16] {
      let converter = try #require(AVAudioConverter(from: T.mic, to: T.analyzer))
      let out = try #require(T.convertOnce(ramp(frames, from: 0), with: converter, to: T.analyzer))
      return T.samples(out) + T.drain(converter, format: T.analyzer)
    }

    @Test(arguments: [1, 2, 3]) func randomPiecesGiveTheOneShotOutputFrameExact(seed: UInt64) throws {
      let total = 96_000
      let reference = try Self.oneShot(total)
      let converter = try #require(AVAudioConverter(from: T.mic, to: T.analyzer))
      var generator = SeededRandomNumberGenerator(seed: seed)
      nonisolated(unsafe) var fed = 0
      var output: [Int16] = []
      while fed < total {
        let size = min(total - fed, Int(generator.next() % 6000) + 1)
        let out = try #require(T.convertOnce(Self.ramp(size, from: fed), with: converter, to: T.analyzer))
        output += T.samples(out)
        fed += size
      }
      output += T.drain(converter, format: T.analyzer)
      #expect(output.count == reference.count)
      #expect(output == reference, "no frame lost or repeated when the block answers noDataNow, then endOfStream")
    }

    @Test func outputTooSmallKeepsTheRestForTheNextCall() throws {
      let device = SimulatedDevice()
      try SimulatedDevice.withDevice(device) {
        let reference = try Self.oneShot(48_000)
        let converter = try #require(AVAudioConverter(from: T.mic, to: T.analyzer))
        var output: [Int16] = []
        var lengths: [AVAudioFrameCount] = []
        for piece in 0..<10 {
          // 4800 input frames convert to about 1600 output frames; the output holds only 1500.
          let out = try #require(AVAudioPCMBuffer(pcmFormat: T.analyzer, frameCapacity: 1500))
          nonisolated(unsafe) var supplied = false
          var error: NSError?
          converter.convert(to: out, error: &error) { _, status in
            if supplied {
              status.pointee = .noDataNow
              return nil
            }
            supplied = true
            status.pointee = .haveData
            return Self.ramp(4800, from: piece * 4800)
          }
          lengths.append(out.frameLength)
          output += T.samples(out)
        }
        #expect(lengths.allSatisfy { $0 <= 1600 })
        output += T.drain(converter, format: T.analyzer)
        #expect(output == reference, "held-back frames come out later, none lost")
      }
      #expect(device.diagnostics.contains { $0.message.contains("too small") }, "the held-back frames are reported")
    }

    /// An 8 kHz microphone's format (a Bluetooth headset's).
    static let low = AVAudioFormat(standardFormatWithSampleRate: 8_000, channels: 1)!

    /// A ramp like ``ramp(_:from:)`` at 8 kHz.
    static func lowRamp(_ frames: Int, from start: Int) -> AVAudioPCMBuffer {
      let buffer = AVAudioPCMBuffer(pcmFormat: low, frameCapacity: AVAudioFrameCount(frames))!
      buffer.frameLength = AVAudioFrameCount(frames)
      for frame in 0..<frames {
        let n = start + frame
        buffer.floatChannelData![0][frame] = Float(n % 3000) / 3000 * 0.6 + 0.2 * Float(sin(Double(n) * 0.05))
      }
      return buffer
    }

    /// libsoxr releases its output in blocks (about 636 frames at a time from 8 kHz to 16 kHz) where
    /// Apple's converter gives about `ratio × input` each call. An app with 2 ms taps and an output
    /// sized `ratio × frames + 256` must still have every tap buffer asked for and converted (explore
    /// found the twin skipping the input block when held output filled the buffer: a buffer lost
    /// per block), and is not told its output is too small.
    @Test func tinyTapsWithAMarginLoseNoInputToTheResamplersBlocks() throws {
      let device = SimulatedDevice()
      let low = Self.low
      func piece(_ frames: Int, from start: Int) -> AVAudioPCMBuffer { Self.lowRamp(frames, from: start) }
      let total = 17 * 400
      let whole = try #require(AVAudioConverter(from: low, to: T.analyzer))
      let reference =
        T.samples(try #require(T.convertOnce(piece(total, from: 0), with: whole, to: T.analyzer)))
        + T.drain(whole, format: T.analyzer)
      var output: [Int16] = []
      nonisolated(unsafe) var asked = 0
      try SimulatedDevice.withDevice(device) {
        let converter = try #require(AVAudioConverter(from: low, to: T.analyzer))
        for index in 0..<400 {
          let out = try #require(AVAudioPCMBuffer(pcmFormat: T.analyzer, frameCapacity: 17 * 2 + 256))
          nonisolated(unsafe) var supplied = false
          var error: NSError?
          converter.convert(to: out, error: &error) { _, status in
            if supplied {
              status.pointee = .noDataNow
              return nil
            }
            supplied = true
            asked += 1
            status.pointee = .haveData
            return Self.lowRamp(17, from: index * 17)
          }
          output += T.samples(out)
        }
        output += T.drain(converter, format: T.analyzer)
      }
      #expect(asked == 400, "every call asks for its tap buffer")
      #expect(output == reference, "no input lost to the resampler's blocks")
      #expect(!device.diagnostics.contains { $0.message.contains("too small") }, "\(device.diagnostics)")
    }

    @Test func aBacklogIsReportedAndLags() throws {
      let device = SimulatedDevice()
      let converter = try #require(AVAudioConverter(from: T.mic, to: T.analyzer))
      var produced: [AVAudioFrameCount] = []
      try SimulatedDevice.withDevice(device) {
        for piece in 0..<6 {
          // 1200 of the 1600 frames each 4800-frame input makes: full even on the first call, where
          // the resampler still holds its look-ahead (up to 244 frames with libsoxr).
          let out = try #require(AVAudioPCMBuffer(pcmFormat: T.analyzer, frameCapacity: 1200))
          nonisolated(unsafe) var supplied = false
          var error: NSError?
          let status = converter.convert(to: out, error: &error) { _, status in
            if supplied {
              status.pointee = .noDataNow
              return nil
            }
            supplied = true
            status.pointee = .haveData
            return Self.ramp(4800, from: piece * 4800)
          }
          #expect(status == .haveData)
          produced.append(out.frameLength)
        }
      }
      #expect(produced.allSatisfy { $0 == 1200 }, "each call returns a full 1200-frame buffer: \(produced)")
      let held = device.diagnostics.filter { $0.subject == "AVAudioConverter" && $0.message.contains("too small") }
      #expect(held.count >= 2, "the growing backlog is reported as it doubles: \(device.diagnostics)")
    }

    @Test func endOfStreamPerBufferIsDiagnosedOnce() throws {
      let device = SimulatedDevice()
      var lengths: [AVAudioFrameCount] = []
      try SimulatedDevice.withDevice(device) {
        let converter = try #require(AVAudioConverter(from: T.mic, to: T.analyzer))
        for piece in 0..<4 {
          let out = try #require(AVAudioPCMBuffer(pcmFormat: T.analyzer, frameCapacity: 2000))
          nonisolated(unsafe) var supplied = false
          var error: NSError?
          converter.convert(to: out, error: &error) { _, status in
            if supplied {
              status.pointee = .endOfStream
              return nil
            }
            supplied = true
            status.pointee = .haveData
            return Self.ramp(4800, from: piece * 4800)
          }
          lengths.append(out.frameLength)
        }
      }
      #expect(lengths[0] > 0 && lengths.dropFirst().allSatisfy { $0 == 0 }, "transcription goes silent: \(lengths)")
      let reports = device.diagnostics.filter { $0.message.contains(".endOfStream") && $0.message.contains("reset()") }
      #expect(reports.count == 1)
    }

    /// A converter released or reset mid-stream with audio in its filter gets a note; one drained
    /// with `.endOfStream` gets none.
    @Test(arguments: ["released", "reset", "drained"])
    func aStreamEndedWithoutDrainingIsNoted(ending: String) throws {
      let device = SimulatedDevice()
      try SimulatedDevice.withDevice(device) {
        var converter = try #require(AVAudioConverter(from: T.mic, to: T.analyzer))
        for piece in 0..<3 {
          _ = try #require(T.convertOnce(Self.ramp(4800, from: piece * 4800), with: converter, to: T.analyzer))
        }
        switch ending {
        // the first one is freed
        case "released": converter = try #require(AVAudioConverter(from: T.mic, to: T.analyzer))
        case "reset": converter.reset()
        default: _ = T.drain(converter, format: T.analyzer)
        }
        withExtendedLifetime(converter) {}
      }
      let notes = device.diagnostics.filter {
        $0.subject == "AVAudioConverter" && $0.message.contains("still inside its filter")
      }
      if ending == "drained" {
        #expect(notes.isEmpty, "\(notes)")
      } else {
        #expect(
          notes.count == 1 && notes.allSatisfy { $0.level == .note && $0.message.contains("was \(ending) with") },
          "\(device.diagnostics)")
      }
    }

    @Test func theSameBufferTwiceIsDiagnosed() throws {
      let device = SimulatedDevice()
      try SimulatedDevice.withDevice(device) {
        let converter = try #require(AVAudioConverter(from: T.mic, to: T.analyzer))
        nonisolated(unsafe) let tap = Self.ramp(4799, from: 0)
        let out = try #require(AVAudioPCMBuffer(pcmFormat: T.analyzer, frameCapacity: 4000))
        var error: NSError?
        converter.convert(to: out, error: &error) { _, status in
          status.pointee = .haveData
          return tap
        }
      }
      #expect(device.diagnostics.contains { $0.message.contains("same buffer (4799 frames)") })
    }

    @Test(arguments: SampleRateConverter.Engine.allCases)
    func latencyModeDelaysTheOutputInsteadOfHoldingItBack(engine: SampleRateConverter.Engine) throws {
      func firstCall(_ method: AVAudioConverterPrimeMethod) throws -> AVAudioPCMBuffer {
        let converter = try #require(AVAudioConverter(from: T.mic, to: T.analyzer))
        converter.engine = engine
        converter.primeMethod = method
        #expect(converter.primeInfo.leadingFrames > 0, "the \(engine) read-ahead is measured")
        return try #require(T.convertOnce(T.sine(4800), with: converter, to: T.analyzer))
      }
      let normal = try firstCall(.normal)
      let latency = try firstCall(.none)
      #expect(normal.frameLength < 1600, ".normal holds back the filter's read-ahead")
      // libsamplerate releases output sample by sample; libsoxr per DFT block, so a buffer's worth
      // of it is full only to within the part of a block still being filtered.
      let tolerance = engine == .libsamplerate ? 2 : 64
      #expect(latency.frameLength > normal.frameLength)
      #expect(
        abs(Int(latency.frameLength) - 1600) <= tolerance,
        ".none gives a full buffer's worth at once: \(latency.frameLength)")
      // .normal is aligned (starts with signal); .none starts with the delay's silence.
      #expect(abs(Int(T.samples(latency)[1])) < 50)
      #expect(abs(Int(T.samples(normal)[10])) > 1000)
    }

    @Test func stereoToMonoWithoutDownmixKeepsTheLeftChannel() throws {
      let stereo = try #require(AVAudioFormat(standardFormatWithSampleRate: 48_000, channels: 2))
      let monoInt16 = try #require(
        AVAudioFormat(commonFormat: .pcmFormatInt16, sampleRate: 48_000, channels: 1, interleaved: true))
      let input = try #require(AVAudioPCMBuffer(pcmFormat: stereo, frameCapacity: 2))
      input.frameLength = 2
      for frame in 0..<2 {
        input.floatChannelData![0][frame] = 0.5
        input.floatChannelData![1][frame] = -0.25
      }
      let converter = try #require(AVAudioConverter(from: stereo, to: monoInt16))
      let out = try #require(AVAudioPCMBuffer(pcmFormat: monoInt16, frameCapacity: 2))
      let device = SimulatedDevice()
      try SimulatedDevice.withDevice(device) { try converter.convert(to: out, from: input) }
      #expect(T.samples(out) == [16384, 16384])
      #expect(device.diagnostics.contains { $0.message.contains("downmix") })
      let mixing = try #require(AVAudioConverter(from: stereo, to: monoInt16))
      mixing.downmix = true
      try mixing.convert(to: out, from: input)
      #expect(T.samples(out) == [4096, 4096])
    }
  }
#endif
