#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import AudioPCM
  import AVFAudioTwin
  import Foundation
  import SimulatedDevice
  import Testing

  /// An app that converts the microphone's audio down to a lower rate than the analyzer's (8 kHz)
  /// with one AVAudioConverter and appends it to a legacy recognition request: the audio check
  /// must judge that correct conversion intact, and still catch a broken one.
  @Suite struct AudioCheckDownTo8kTests {
    /// Real speech (LibriVox, 16 kHz mono): its fricatives put their energy above 4 kHz.
    static func speech() throws -> PCMBuffer {
      let file = try AudioFile(forReading: TestFixtures.audio.appendingPathComponent("librivox/two-sentences.wav").path)
      let buffer = PCMBuffer(format: file.processingFormat, frameCapacity: file.frameCount)
      _ = try file.read(into: buffer)
      return buffer
    }

    /// Taps of 100 ms of the speech at 16 kHz, each converted to `rate` by one converter and
    /// appended to a task; every `dropEvery`-th converted buffer is not appended.
    static func run(rate: Double, dropEvery: Int? = nil) throws -> AudioConservation.Report {
      let speech = try speech()
      let monitor = AudioConservation()
      let tapFormat = AVAudioFormat(standardFormatWithSampleRate: 16_000, channels: 1)!
      let appFormat = AVAudioFormat(standardFormatWithSampleRate: rate, channels: 1)!
      let converter = try #require(AVAudioConverter(from: tapFormat, to: appFormat))
      let tapFrames = 1_600
      var taskSeconds = 0.0
      var start = 0
      var tap = 0
      while start < speech.frameLength {
        let frames = min(tapFrames, speech.frameLength - start)
        let buffer = AVAudioPCMBuffer(pcmFormat: tapFormat, frameCapacity: AVAudioFrameCount(frames))!
        buffer.frameLength = AVAudioFrameCount(frames)
        buffer.floatChannelData![0].update(from: speech.floatChannelData![0] + start, count: frames)
        let copy = PCMBuffer(format: speech.format, frameCapacity: frames)
        copy.frameLength = frames
        copy.floatChannelData![0].update(from: speech.floatChannelData![0] + start, count: frames)
        monitor.tapDelivered(
          copy, captureStart: Double(start) / 16_000, virtualTime: Double(tap) * 0.1, traceSequence: nil)
        let capacity = AVAudioFrameCount(Double(frames) * rate / 16_000) + 64
        let output = AVAudioPCMBuffer(pcmFormat: appFormat, frameCapacity: capacity)!
        nonisolated(unsafe) var given = false
        nonisolated(unsafe) let input = buffer
        var error: NSError?
        converter.convert(to: output, error: &error) { _, status in
          if given {
            status.pointee = .noDataNow
            return nil
          }
          given = true
          status.pointee = .haveData
          return input
        }
        tap += 1
        start += frames
        if let dropEvery, tap % dropEvery == 0 { continue }
        let samples = UnsafeBufferPointer(start: output.floatChannelData![0], count: Int(output.frameLength))
        monitor.recognizerReceived("task", start: taskSeconds, samples: samples, sampleRate: rate, virtualTime: 0)
        taskSeconds += Double(output.frameLength) / rate
      }
      monitor.recognizerEnded("task", failed: false, virtualTime: 0)
      return monitor.finish()
    }

    @Test(arguments: [8_000.0, 11_025.0, 12_000.0])
    func aCorrectConversionDownToALowerRateIsIntact(rate: Double) throws {
      let report = try Self.run(rate: rate)
      #expect(report.problems.isEmpty, "\(rate) Hz: \(report.problems)")
      #expect((report.worstSignalToNoise ?? 0) > 6, "\(rate) Hz: \(String(describing: report.worstSignalToNoise))")
      // The comparison took place: nearly every sample the tap delivered arrived intact (the
      // converter's last milliseconds and the comparison's edges aside).
      let delivered = report.deliveries.map(\.span).reduce(0) { $0 + $1.count }
      let intact = report.intact.count
      #expect(Double(intact) > 0.98 * Double(delivered), "\(rate) Hz: \(intact) of \(delivered) intact")
    }

    @Test func droppedBuffersAtEightKilohertzAreStillSkipped() throws {
      let report = try Self.run(rate: 8_000, dropEvery: 5)
      #expect(report.problems.contains { $0.kind == .skipped }, "\(report.problems)")
    }
  }
#endif
