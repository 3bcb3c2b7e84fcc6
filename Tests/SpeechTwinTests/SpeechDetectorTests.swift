import Testing

#if SPEECH_REPLAY_APPLE_FRAMEWORKS
  import Speech
#else
  import SpeechTwin
#endif

@Suite struct SpeechDetectorAPITests {
  @Test func optionsCompareBySensitivity() {
    #expect(SpeechDetector.SensitivityLevel.allCases == [.low, .medium, .high])
    #expect(SpeechDetector.DetectionOptions(sensitivityLevel: .high) == .init(sensitivityLevel: .high))
    #expect(SpeechDetector.DetectionOptions(sensitivityLevel: .low) != .init(sensitivityLevel: .medium))
    _ = SpeechDetector()
  }
}

#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import AVFAudioTwin
  import CoreMediaTwin
  import Foundation

  /// The detector's voice-activity detection on real audio, fed directly as the analyzer would feed
  /// it: 16 kHz mono Float32 in 100 ms pieces on a contiguous timeline.
  @Suite struct SpeechDetectorTests {
    /// Runs `samples` through a detector and returns its published segments.
    static func segments(
      _ samples: [Float], sensitivity: SpeechDetector.SensitivityLevel = .medium, reportResults: Bool = true,
      piece: Int = 1600
    ) async throws -> [SpeechDetector.Result] {
      let detector = SpeechDetector(
        detectionOptions: .init(sensitivityLevel: sensitivity), reportResults: reportResults)
      var offset = 0
      samples.withUnsafeBufferPointer { all in
        while offset < all.count {
          let count = min(piece, all.count - offset)
          let range = CMTimeRange(
            start: CMTime(value: Int64(offset), timescale: 16_000),
            duration: CMTime(value: Int64(count), timescale: 16_000))
          detector.analyze(UnsafeBufferPointer(rebasing: all[offset..<offset + count]), range: range)
          offset += count
        }
      }
      detector.finalizeAnalysis(through: CMTime(value: Int64(samples.count), timescale: 16_000))
      detector.finishResults(throwing: nil)
      var results: [SpeechDetector.Result] = []
      for try await result in detector.results { results.append(result) }
      return results
    }

    @Test func findsBothCommandsAndThePauseBetweenThem() async throws {
      let samples = try Fixtures.samples16kMono("two-commands")
      let expected = Fixtures.utterances(try Fixtures.words("two-commands"), gap: 0.5)
      try #require(expected.count == 2, "the fixture has two utterances 1.5 s apart")
      let results = try await Self.segments(samples)
      let speech = results.filter(\.speechDetected)
      try #require(speech.count == 2, "\(results)")
      for (segment, utterance) in zip(speech, expected) {
        // The detector decides per 20 ms frame, so a boundary can land anywhere in the frame that holds
        // it: one frame of tolerance. The fixture's words were trimmed where they rose above 0.3 % of
        // full scale (about -50 dBFS), so their first and last frames are above the -55 dBFS minimum.
        #expect(abs(segment.range.start.seconds - utterance.start) <= 0.02, "onset \(segment) vs \(utterance)")
        #expect(abs(segment.range.end.seconds - utterance.end) <= 0.02, "end \(segment) vs \(utterance)")
      }
      // The segments partition the timeline: contiguous from 0 to the end, alternating, all final.
      #expect(results.first?.range.start == .zero)
      #expect(results.last?.range.end == CMTime(value: Int64(samples.count), timescale: 16_000))
      for (before, after) in zip(results, results.dropFirst()) {
        #expect(before.range.end == after.range.start)
        #expect(before.speechDetected != after.speechDetected)
      }
      #expect(results.allSatisfy { $0.isFinal })
      #expect(results.map(\.speechDetected) == [false, true, false, true, false])
    }

    @Test func resampledAudioGivesOneUtteranceForTheFox() async throws {
      let samples = try Fixtures.samples16kMono("quick-brown-fox-48k")  // 48 kHz in the file
      let words = try Fixtures.words("quick-brown-fox-48k")
      let speech = try await Self.segments(samples).filter(\.speechDetected)
      try #require(speech.count == 1, "60 ms gaps between words stay inside one segment: \(speech)")
      #expect(abs(speech[0].range.start.seconds - words[0].start) <= 0.02)
      #expect(abs(speech[0].range.end.seconds - words[words.count - 1].end) <= 0.02)
    }

    @Test func silenceIsNoSpeech() async throws {
      let results = try await Self.segments([Float](repeating: 0, count: 32_000))
      #expect(results.count == 1)
      #expect(results.first?.speechDetected == false)
      #expect(results.first?.range.duration == CMTime(value: 32_000, timescale: 16_000))
    }

    @Test func sensitivitySetsHowQuietSpeechMayBe() async throws {
      // Seeded noise at about -46 dBFS with a 300 ms tone 8 dB above it in the middle: a forgiving
      // detector (margin 6 dB) hears it, an aggressive one (margin 12 dB) does not.
      var state: UInt64 = 0x9E37_79B9_7F4A_7C15
      var samples = (0..<48_000).map { _ -> Float in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return (Float(state >> 40) / Float(1 << 24) - 0.5) * 0.0173  // uniform, RMS 0.005 ≈ -46 dBFS
      }
      for index in 20_000..<24_800 {
        samples[index] += 0.0126 * Float(sin(2 * Double.pi * 440 * Double(index) / 16_000))  // RMS 0.0089
      }
      let forgiving = try await Self.segments(samples, sensitivity: .low).filter(\.speechDetected)
      let aggressive = try await Self.segments(samples, sensitivity: .high).filter(\.speechDetected)
      try #require(forgiving.count == 1, "\(forgiving)")
      #expect(abs(forgiving[0].range.start.seconds - 1.25) <= 0.02)
      #expect(aggressive.isEmpty, "\(aggressive)")
    }

    @Test func brokenInputIsIgnoredAndDetectionCarriesOn() async throws {
      let speech = try Fixtures.samples16kMono("hello-world")
      let broken = [Float](repeating: .nan, count: 1600) + [Float](repeating: .infinity, count: 1600)
      let results = try await Self.segments(broken + speech).filter(\.speechDetected)
      try #require(results.count == 1, "\(results)")
      #expect(
        abs(results[0].range.start.seconds - (0.2 + 0.3)) <= 0.02,
        "hello starts 0.3 s into its file, after 0.2 s of broken samples")

      // Empty pieces and pieces with a zero or invalid duration carry no audio: nothing happens.
      let detector = SpeechDetector(detectionOptions: .init(sensitivityLevel: .medium), reportResults: true)
      let samples: [Float] = [0.5, -0.5]
      samples.withUnsafeBufferPointer { pointer in
        detector.analyze(pointer, range: CMTimeRange(start: .zero, duration: .zero))
        detector.analyze(pointer, range: CMTimeRange(start: .zero, duration: .invalid))
        detector.analyze(
          UnsafeBufferPointer(rebasing: pointer[0..<0]),
          range: CMTimeRange(start: .zero, duration: CMTime(value: 1, timescale: 10)))
      }
      detector.finalizeAnalysis(through: CMTime(value: 1, timescale: 1))
      detector.finishResults(throwing: nil)
      var published: [SpeechDetector.Result] = []
      for try await result in detector.results { published.append(result) }
      #expect(published.isEmpty, "\(published)")
    }

    @Test func reportsNothingUnlessAsked() async throws {
      let samples = try Fixtures.samples16kMono("two-commands")
      #expect(try await Self.segments(samples, reportResults: false).isEmpty)
    }

    @Test func pieceSizeDoesNotChangeTheSegments() async throws {
      let samples = try Fixtures.samples16kMono("hello-world")
      let whole = try await Self.segments(samples, piece: samples.count).map(\.description)
      let odd = try await Self.segments(samples, piece: 777).map(\.description)
      #expect(whole == odd)
      #expect(whole.count == 3, "\(whole)")
    }

    @Test func twinDecisions() {
      #expect(SpeechDetector.SensitivityLevel.allCases.map(\.rawValue) == [0, 1, 2])
      let formats = SpeechDetector().availableCompatibleAudioFormats
      #expect(formats.map(\.sampleRate) == [16_000] && formats.map(\.channelCount) == [1])
    }
  }
#endif
