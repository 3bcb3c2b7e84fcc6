#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import AudioPCM
  @testable import AVFAudioTwin
  import Foundation
  import SimulatedDevice
  import Testing

  /// The twin's resampling engines (libsoxr by default, libsamplerate selectable) and the priming
  /// measurement shared by every converter of the same rates, quality and engine.
  @Suite struct AVAudioConverterEngineTests {
    typealias T = AVAudioConverterTests

    @Test(arguments: SampleRateConverter.Engine.allCases)
    func primingIsMeasuredOncePerRatesQualityAndEngine(engine: SampleRateConverter.Engine) throws {
      let first = try #require(AVAudioConverter(from: T.mic, to: T.analyzer))
      first.engine = engine
      let second = try #require(AVAudioConverter(from: T.mic, to: T.analyzer))
      second.engine = engine
      #expect(first.primeInfo.leadingFrames > 0, "the \(engine) read-ahead is measured")
      #expect(first.primeInfo == second.primeInfo)
      let key = PrimeInfoCache.Key(inputRate: 48_000, outputRate: 16_000, quality: first.quality, engine: engine)
      // The cached value is what a fresh measurement gives.
      #expect(PrimeInfoCache.shared.info(for: key) == PrimeInfoCache.measure(key))
      #expect(PrimeInfoCache.shared.info(for: key) == first.primeInfo)
    }

    @Test func theTwinsUseTheDevicesEngine() throws {
      let converter = try #require(AVAudioConverter(from: T.mic, to: T.analyzer))
      #expect(converter.engine == SimulatedDevice.resamplingEngine)
      #expect(
        SimulatedDevice.resamplingEngine
          == (ProcessInfo.processInfo.environment["SPEECH_REPLAY_RESAMPLER"] == "libsamplerate"
            ? .libsamplerate : .soxr))
    }

    @Test(arguments: SampleRateConverter.Engine.allCases)
    func bothEnginesConvertAStreamFrameExactly(engine: SampleRateConverter.Engine) throws {
      let converter = try #require(AVAudioConverter(from: T.mic, to: T.analyzer))
      converter.engine = engine
      var produced = 0
      for _ in 0..<10 {
        let out = try #require(T.convertOnce(T.sine(4800), with: converter, to: T.analyzer))
        produced += Int(out.frameLength)
      }
      // Ten 100 ms buffers: at most 16,000 frames out while streaming; libsoxr holds back its
      // look-ahead and part of a DFT block (up to 244 frames here), libsamplerate only its read-ahead (46).
      #expect(
        produced <= 16_000 && produced >= 16_000 - (engine == .soxr ? 250 : 50), "\(engine) produced \(produced) frames"
      )
      produced += T.drain(converter, format: T.analyzer).count
      #expect(produced == 16_000, "the end of stream flushes the tail: \(engine) produced \(produced) frames")
    }
  }
#endif
