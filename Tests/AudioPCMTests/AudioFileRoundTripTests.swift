import AudioPCM
import Foundation
import Testing

@Suite struct AudioFileRoundTripTests {
  /// One container/encoding pair libsndfile writes, with the largest sample error a round trip may
  /// show (`nil` for lossy encodings, which are checked by length and level instead).
  struct Case: CustomTestStringConvertible, Sendable {
    let container: AudioFile.Container
    let encoding: AudioFile.Encoding
    let fileExtension: String
    var sampleRate = 16_000.0
    var channels = 2
    let tolerance: Float?
    var testDescription: String { "\(container) \(encoding)" }
  }

  static let step16: Float = 1.0 / 32_768
  static let step24: Float = 1.0 / 8_388_608
  static let cases: [Case] = [
    Case(container: .wav, encoding: .pcmU8, fileExtension: "wav", tolerance: 1.0 / 128),
    Case(container: .wav, encoding: .pcm16, fileExtension: "wav", tolerance: step16),
    Case(container: .wav, encoding: .pcm24, fileExtension: "wav", tolerance: step24),
    Case(container: .wav, encoding: .pcm32, fileExtension: "wav", tolerance: 1e-7),
    Case(container: .wav, encoding: .float32, fileExtension: "wav", tolerance: 0),
    Case(container: .wav, encoding: .float64, fileExtension: "wav", tolerance: 1e-7),
    Case(container: .wav, encoding: .ulaw, fileExtension: "wav", tolerance: 0.02),
    Case(container: .wav, encoding: .alaw, fileExtension: "wav", tolerance: 0.02),
    Case(container: .wav, encoding: .imaADPCM, fileExtension: "wav", tolerance: nil),
    Case(container: .wav, encoding: .msADPCM, fileExtension: "wav", tolerance: nil),
    Case(container: .wav, encoding: .gsm610, fileExtension: "wav", sampleRate: 8_000, channels: 1, tolerance: nil),
    Case(container: .wavex, encoding: .pcm24, fileExtension: "wav", tolerance: step24),
    Case(container: .w64, encoding: .pcm16, fileExtension: "w64", tolerance: step16),
    Case(container: .rf64, encoding: .float32, fileExtension: "rf64", tolerance: 0),
    Case(container: .caf, encoding: .pcmS8, fileExtension: "caf", tolerance: 1.0 / 128),
    Case(container: .caf, encoding: .pcm16, fileExtension: "caf", tolerance: step16),
    Case(container: .caf, encoding: .pcm24, fileExtension: "caf", tolerance: step24),
    Case(container: .caf, encoding: .pcm32, fileExtension: "caf", tolerance: 1e-7),
    Case(container: .caf, encoding: .float32, fileExtension: "caf", tolerance: 0),
    Case(container: .caf, encoding: .float64, fileExtension: "caf", tolerance: 1e-7),
    Case(container: .caf, encoding: .ulaw, fileExtension: "caf", tolerance: 0.02),
    Case(container: .caf, encoding: .alaw, fileExtension: "caf", tolerance: 0.02),
    Case(container: .caf, encoding: .alac16, fileExtension: "caf", tolerance: step16),
    Case(container: .caf, encoding: .alac20, fileExtension: "caf", tolerance: 1.0 / 524_288),
    Case(container: .caf, encoding: .alac24, fileExtension: "caf", tolerance: step24),
    Case(container: .caf, encoding: .alac32, fileExtension: "caf", tolerance: 1e-7),
    Case(container: .aiff, encoding: .pcmS8, fileExtension: "aiff", tolerance: 1.0 / 128),
    Case(container: .aiff, encoding: .pcm16, fileExtension: "aiff", tolerance: step16),
    Case(container: .aiff, encoding: .pcm24, fileExtension: "aiff", tolerance: step24),
    Case(container: .aiff, encoding: .pcm32, fileExtension: "aiff", tolerance: 1e-7),
    Case(container: .aiff, encoding: .float32, fileExtension: "aiff", tolerance: 0),
    Case(container: .aiff, encoding: .float64, fileExtension: "aiff", tolerance: 1e-7),
    Case(container: .au, encoding: .pcm16, fileExtension: "au", tolerance: step16),
    Case(container: .flac, encoding: .pcmS8, fileExtension: "flac", tolerance: 1.0 / 128),
    Case(container: .flac, encoding: .pcm16, fileExtension: "flac", tolerance: step16),
    Case(container: .flac, encoding: .pcm24, fileExtension: "flac", tolerance: step24),
    Case(container: .ogg, encoding: .vorbis, fileExtension: "ogg", tolerance: nil),
    Case(container: .ogg, encoding: .opus, fileExtension: "opus", sampleRate: 48_000, tolerance: nil),
    Case(container: .mpeg, encoding: .mpegLayer3, fileExtension: "mp3", tolerance: nil),
  ]

  @Test(arguments: cases)
  func writesAndReadsBack(_ testCase: Case) throws {
    let folder = try TestAudio.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("round-trip.\(testCase.fileExtension)").path
    let frames = Int(testCase.sampleRate / 2)
    let channels = (0..<testCase.channels).map {
      TestAudio.windowedSine(frequency: 440 + 220 * Double($0), sampleRate: testCase.sampleRate, frames: frames)
    }
    let original = try TestAudio.buffer(channels, sampleRate: testCase.sampleRate)
    let writer = try AudioFileWriter(
      path: path, container: testCase.container, encoding: testCase.encoding, format: original.format)
    try writer.write(original)
    try writer.close()
    #expect(writer.framesWritten == frames)

    let file = try AudioFile(forReading: path)
    #expect(file.container == testCase.container)
    #expect(file.encoding == testCase.encoding)
    #expect(file.fileFormat.sampleRate == testCase.sampleRate)
    #expect(file.fileFormat.channelCount == testCase.channels)
    #expect(file.warnings.isEmpty, "\(file.warnings)")
    let back = PCMBuffer(format: file.processingFormat, frameCapacity: frames * 2)
    try file.read(into: back)

    if let tolerance = testCase.tolerance {
      #expect(file.frameCount == frames)
      #expect(back.frameLength == frames)
      var largest: Float = 0
      for channel in 0..<testCase.channels {
        for frame in 0..<frames {
          largest = max(largest, abs(back.floatChannelData![channel][frame] - channels[channel][frame]))
        }
      }
      #expect(largest <= tolerance, "largest sample error \(largest) above \(tolerance)")
    } else {
      // Lossy codecs add padding and delay; the length stays close and the level the same.
      #expect(abs(back.frameLength - frames) <= frames / 5, "read \(back.frameLength) of \(frames) frames")
      var before = AudioLevels()
      before.add(original)
      var after = AudioLevels()
      after.add(back)
      #expect(
        abs(after.rmsDecibels - before.rmsDecibels) < 1.5, "RMS \(after.rmsDecibels) dB vs \(before.rmsDecibels) dB")
    }
  }
}
