import AudioPCM
import Foundation
import SimulatedDevice
import Simulation
import Testing

/// The content alignment on its own: a correct app in every way an app may convert (every engine and
/// quality, its own chunking, a late start) passes with margin; each fault is found, of its kind.
@Suite struct AudioConservationTests {
  static let micRate = 48_000.0
  static let tapFrames = 4_800

  /// Two seconds of speech-like sound: noise bursts under a syllable envelope, with gaps of silence.
  static let speech: [Float] = {
    var generator = SeededRandomNumberGenerator(seed: 7)
    return (0..<Int(2 * micRate)).map { index in
      let t = Double(index) / micRate
      let syllable = max(0, sin(2 * .pi * 3.1 * t)) * (t.truncatingRemainder(dividingBy: 0.7) < 0.55 ? 1 : 0)
      let voice =
        0.5 * sin(2 * .pi * 180 * t) + 0.3 * sin(2 * .pi * 410 * t) + 0.2 * Double.random(in: -1...1, using: &generator)
      return Float(0.3 * syllable * voice)
    }
  }()

  /// What the app does with each converted buffer before the analyzer reads it.
  enum AppFault {
    case none, dropEvery(Int), sendTwice, zeroEverySecond, scale(Float)
  }

  /// Feeds the monitor as a run would: each tap buffer, then the app's conversion of it (in
  /// `chunk`-sample pieces, its first `skipTaps` buffers never sent), and returns the report.
  static func run(
    engine: SampleRateConverter.Engine = .soxr, quality: SampleRateConverter.Quality = .medium, chunk: Int? = nil,
    skipTaps: Int = 0,
    fault: AppFault = .none
  ) throws -> AudioConservation.Report {
    let monitor = AudioConservation()
    let tapFormat = try AudioFormat.standard(sampleRate: micRate, channelCount: 1)
    let analyzerFormat = try AudioFormat.standard(sampleRate: AudioConservation.rate, channelCount: 1)
    let converter = try SampleRateConverter(from: tapFormat, to: analyzerFormat, quality: quality, engine: engine)
    var analyzerIndex = 0
    var converted = 0
    func send(_ samples: [Float]) {
      var pieces: [[Float]] = []
      if let chunk {
        var start = 0
        while start < samples.count {
          pieces.append(Array(samples[start..<min(samples.count, start + chunk)]))
          start += chunk
        }
      } else {
        pieces = [samples]
      }
      for piece in pieces {
        converted += 1
        var piece = piece
        switch fault {
        case .dropEvery(let n) where converted % n == 0: continue
        case .zeroEverySecond where converted % 2 == 0: piece = [Float](repeating: 0, count: piece.count)
        case .scale(let factor): piece = piece.map { min(1, max(-1, $0 * factor)) }
        default: break
        }
        let copies = { if case .sendTwice = fault { return 2 } else { return 1 } }()
        for _ in 0..<copies {
          piece.withUnsafeBufferPointer {
            monitor.analyzerReceived(
              "analyzer", start: Double(analyzerIndex) / AudioConservation.rate, samples: $0, virtualTime: 0)
          }
          analyzerIndex += piece.count
        }
      }
    }
    let output = PCMBuffer(format: analyzerFormat, frameCapacity: 8192)
    var tap = 0
    var start = 0
    while start < speech.count {
      let frames = min(tapFrames, speech.count - start)
      let buffer = PCMBuffer(format: tapFormat, frameCapacity: frames)
      buffer.frameLength = frames
      for index in 0..<frames { buffer.floatChannelData![0][index] = speech[start + index] }
      monitor.tapDelivered(
        buffer, captureStart: Double(start) / micRate, virtualTime: Double(tap) * 0.1, traceSequence: nil)
      if tap >= skipTaps {
        output.frameLength = 0
        let result = try converter.convert(buffer, into: output, endOfInput: start + frames >= speech.count)
        send(Array(UnsafeBufferPointer(start: output.floatChannelData![0], count: result.framesProduced)))
      }
      tap += 1
      start += frames
    }
    return monitor.finish()
  }

  /// Reference samples delivered but never received (ignoring spans under 10 ms, the comparison's edges).
  static func lostSeconds(_ report: AudioConservation.Report, fromTap: Int = 0) -> Double {
    let expected = AudioSpanSet(report.deliveries.dropFirst(fromTap).map(\.span))
    return Double(expected.subtracting(report.received).spans.filter { $0.count >= 160 }.reduce(0) { $0 + $1.count })
      / AudioConservation.rate
  }

  @Test(arguments: SampleRateConverter.Engine.allCases, SampleRateConverter.Quality.allCases)
  func everyConverterOfTheTwinsPassesWithMargin(
    engine: SampleRateConverter.Engine, quality: SampleRateConverter.Quality
  ) throws {
    let report = try Self.run(engine: engine, quality: quality)
    #expect(report.problems.isEmpty, "\(engine) \(quality): \(report.problems)")
    #expect(Self.lostSeconds(report) == 0)
    // Margin: even the linear interpolator stays far above the 6 dB an intact block needs.
    #expect(
      (report.worstSignalToNoise ?? 0) > 9, "\(engine) \(quality): \(String(describing: report.worstSignalToNoise))")
  }

  @Test(arguments: [1_000, 160, 4_096])
  func reChunkingChangesNothing(chunk: Int) throws {
    let report = try Self.run(chunk: chunk)
    #expect(report.problems.isEmpty, "\(report.problems)")
    #expect(Self.lostSeconds(report) == 0)
  }

  /// An app whose stream starts three tap buffers late is found by content (the offset is not 0).
  @Test func aLateStartIsFoundByContent() throws {
    let report = try Self.run(skipTaps: 3)
    #expect(report.problems.isEmpty, "\(report.problems)")
    #expect(Self.lostSeconds(report, fromTap: 3) == 0)
    #expect(Self.lostSeconds(report) > 0.25, "the skipped buffers were never received")
  }

  @Test func aDroppedBufferIsLostAtItsPlace() throws {
    let report = try Self.run(fault: .dropEvery(7))
    let lost = report.problems.filter { $0.kind == .skipped }
    #expect(!lost.isEmpty, "\(report.problems)")
    // The seventh converted buffer is the seventh tap buffer's audio: 0.6–0.7 s.
    let first = try #require(lost.first)
    #expect(abs(Double(first.span.lowerBound) / AudioConservation.rate - 0.6) < 0.03, "\(first)")
    #expect(abs(Self.lostSeconds(report) - 0.2) < 0.03, "two buffers of 0.1 s")
  }

  @Test func aBufferSentTwiceIsRepeated() throws {
    let report = try Self.run(fault: .sendTwice)
    #expect(report.problems.contains { $0.kind == .repeated }, "\(report.problems)")
    #expect(Self.lostSeconds(report) == 0)
  }

  @Test func zeroedBuffersAreSilenced() throws {
    let report = try Self.run(fault: .zeroEverySecond)
    #expect(report.problems.contains { $0.kind == .silenced }, "\(report.problems)")
  }

  @Test func aWrongScaleIsTooLoudOrTooQuiet() throws {
    let loud = try Self.run(fault: .scale(100))
    #expect(loud.problems.contains { $0.kind == .tooLoud }, "\(loud.problems)")
    let quiet = try Self.run(fault: .scale(1.0 / 32_768))
    #expect(quiet.problems.contains { $0.kind == .silenced || $0.kind == .tooQuiet }, "\(quiet.problems)")
  }

  /// A stop and a restart mid-speech, as the reference stack does them: the first session's converter
  /// is drained with end of stream into its analyzer, a new converter feeds a new analyzer from the
  /// next tap buffer on. Two converters' edges meet there (the flushed filter's last block, the new
  /// filter's first), at every microphone rate and tap size; nothing is lost, repeated or garbled.
  @Test(arguments: [
    (44_100.0, 160), (48_000.0, 160), (44_100.0, 441), (44_100.0, 4_410), (16_000.0, 160), (8_000.0, 160),
    (8_000.0, 800),
  ])
  func aStopAndRestartMidSpeechLosesNothing(rate: Double, tapFrames: Int) throws {
    let monitor = AudioConservation()
    let tapFormat = try AudioFormat.standard(sampleRate: rate, channelCount: 1)
    let analyzerFormat = try AudioFormat.standard(sampleRate: AudioConservation.rate, channelCount: 1)
    let samples = (0..<Int(2 * rate)).map { Self.speech[Int(Double($0) * Self.micRate / rate)] }
    let output = PCMBuffer(format: analyzerFormat, frameCapacity: 65_536)
    var converter = try SampleRateConverter(from: tapFormat, to: analyzerFormat, isLowLatency: true)
    var analyzer = "analyzer 1"
    var analyzerIndex = 0
    func send() {
      UnsafeBufferPointer(start: output.floatChannelData![0], count: output.frameLength).withMemoryRebound(
        to: Float.self
      ) {
        monitor.analyzerReceived(
          analyzer, start: Double(analyzerIndex) / AudioConservation.rate, samples: $0, virtualTime: 0)
      }
      analyzerIndex += output.frameLength
    }
    let stopAt = Int(1.03 * rate)  // mid-word: the speech envelope is loud there
    var start = 0
    var restarted = false
    while start < samples.count {
      let frames = min(tapFrames, samples.count - start)
      let buffer = PCMBuffer(format: tapFormat, frameCapacity: frames)
      buffer.frameLength = frames
      for index in 0..<frames { buffer.floatChannelData![0][index] = samples[start + index] }
      monitor.tapDelivered(
        buffer, captureStart: Double(start) / rate, virtualTime: Double(start) / rate, traceSequence: nil)
      if start >= stopAt, !restarted {
        // The stop: drain the first converter into its analyzer; the restart: a new converter and analyzer.
        output.frameLength = 0
        _ = try converter.convert(nil, into: output, endOfInput: true)
        send()
        monitor.analyzerFinished(analyzer, failed: false, virtualTime: Double(start) / rate)
        converter = try SampleRateConverter(from: tapFormat, to: analyzerFormat, isLowLatency: true)
        analyzer = "analyzer 2"
        analyzerIndex = 0
        restarted = true
      }
      output.frameLength = 0
      _ = try converter.convert(buffer, into: output, endOfInput: start + frames >= samples.count)
      send()
      start += frames
    }
    let report = monitor.finish()
    #expect(report.problems.isEmpty, "\(rate) Hz, \(tapFrames) frames: \(report.problems)")
    #expect(Self.lostSeconds(report) == 0, "\(rate) Hz, \(tapFrames) frames")
  }

  /// A slow model with one-second tap buffers: the analyzer reads its first buffer seconds after
  /// the tap delivered it. It started reading before that buffer came, so the buffer is its first,
  /// not one delivered later (explore, seed 1: 65536-frame taps and a model cost of 2.36).
  @Test func aFirstBufferReadSecondsLateIsPlacedWhereItCameFrom() throws {
    let monitor = AudioConservation()
    let tapFormat = try AudioFormat.standard(sampleRate: Self.micRate, channelCount: 1)
    let analyzerFormat = try AudioFormat.standard(sampleRate: AudioConservation.rate, channelCount: 1)
    let converter = try SampleRateConverter(from: tapFormat, to: analyzerFormat, isLowLatency: true)
    monitor.analyzerStarted("analyzer", virtualTime: 0)
    var converted: [[Float]] = []
    let frames = Int(Self.micRate)
    for tap in 0..<2 {
      let buffer = PCMBuffer(format: tapFormat, frameCapacity: frames)
      buffer.frameLength = frames
      for index in 0..<frames { buffer.floatChannelData![0][index] = Self.speech[tap * frames + index] }
      monitor.tapDelivered(
        buffer, captureStart: Double(tap), virtualTime: Double(tap + 1) * 1.5, traceSequence: nil)
      let output = PCMBuffer(format: analyzerFormat, frameCapacity: 32_000)
      let result = try converter.convert(buffer, into: output, endOfInput: tap == 1)
      converted.append(Array(UnsafeBufferPointer(start: output.floatChannelData![0], count: result.framesProduced)))
    }
    var start = 0
    for samples in converted {
      samples.withUnsafeBufferPointer {
        monitor.analyzerReceived(
          "analyzer", start: Double(start) / AudioConservation.rate, samples: $0, virtualTime: 4.5)
      }
      start += samples.count
    }
    let report = monitor.finish()
    #expect(report.problems.isEmpty, "\(report.problems)")
    #expect(Self.lostSeconds(report) == 0)
  }

  @Test func spanSetsMergeAndSubtract() {
    var set = AudioSpanSet()
    set.insert(0..<10)
    set.insert(10..<20)
    set.insert(30..<40)
    set.insert(5..<32)
    #expect(set.spans == [0..<40])
    let holes = AudioSpanSet([0..<100]).subtracting(AudioSpanSet([10..<20, 50..<60]))
    #expect(holes.spans == [0..<10, 20..<50, 60..<100])
    #expect(holes.covered(0..<30) == 20)
  }
}
