#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import AudioPCM
  import Foundation
  import SpeechReplayTestSupport

  /// The repository's audio fixtures, read with AudioPCM.
  enum Fixtures {
    static var audio: URL {
      TestFiles.audio
    }

    /// The fixture `name.wav` as 16 kHz mono Float32 samples (resampled and mixed by AudioPCM with its default engine).
    static func samples16kMono(_ name: String) throws -> [Float] {
      let file = try AudioFile(forReading: audio.appendingPathComponent("\(name).wav").path)
      defer { file.close() }
      let input = PCMBuffer(format: file.processingFormat, frameCapacity: file.frameCount)
      try file.read(into: input)
      let converter = try SampleRateConverter(
        from: file.processingFormat, to: try .standard(sampleRate: 16_000, channelCount: 1))
      let output = PCMBuffer(
        format: converter.outputFormat,
        frameCapacity: Int((Double(input.frameLength) * converter.ratio).rounded(.up)) + 4096)
      try converter.convert(input, into: output, endOfInput: true)
      return output.floatSamples(channel: 0)
    }

    /// The word timings of `name.words.tsv`: (start, end) in seconds per word.
    static func words(_ name: String) throws -> [(start: Double, end: Double)] {
      let text = try String(contentsOf: audio.appendingPathComponent("\(name).words.tsv"), encoding: .utf8)
      return text.split(separator: "\n").dropFirst().compactMap { line in
        let columns = line.split(separator: "\t")
        guard columns.count == 5, let start = Double(columns[2]), let end = Double(columns[3]) else { return nil }
        return (start, end)
      }
    }

    /// Words joined into utterances wherever the gap between two words is longer than `gap` seconds.
    static func utterances(_ words: [(start: Double, end: Double)], gap: Double) -> [(start: Double, end: Double)] {
      var result: [(start: Double, end: Double)] = []
      for word in words {
        if let last = result.last, word.start - last.end <= gap {
          result[result.count - 1].end = word.end
        } else {
          result.append(word)
        }
      }
      return result
    }
  }
#endif
