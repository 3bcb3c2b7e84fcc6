import AudioPCM
import Foundation
import Simulation
import Testing

@Suite struct AudioFileReadingTests {
  @Test func readsTheFixtureWithTypedFields() throws {
    let file = try AudioFile(forReading: TestAudio.fixtures.appendingPathComponent("hello-world.wav").path)
    #expect(file.container == .wav)
    #expect(file.encoding == .pcm16)
    #expect(
      file.fileFormat == (try AudioFormat(sampleRate: 16_000, channelCount: 1, sampleType: .int16, isInterleaved: true))
    )
    #expect(file.processingFormat.isStandard)
    #expect(file.frameCount == 28_620)
    #expect(abs(file.duration - 1.78875) < 1e-9)
    #expect(file.warnings.isEmpty)
  }

  @Test func chunkedReadsEqualOneRead() throws {
    let path = TestAudio.fixtures.appendingPathComponent("quick-brown-fox-48k.wav").path
    let whole = try AudioFile(forReading: path)
    let all = PCMBuffer(format: whole.processingFormat, frameCapacity: whole.frameCount)
    #expect(try whole.read(into: all) == whole.frameCount)
    let expected = all.floatSamples(channel: 0)
    #expect(try whole.read(into: all) == 0, "a read at the end returns no frames")
    #expect(all.frameLength == 0)

    let chunked = try AudioFile(forReading: path)
    let chunk = PCMBuffer(format: chunked.processingFormat, frameCapacity: 1000)
    var generator = SeededRandomNumberGenerator(seed: 7)
    var samples: [Float] = []
    while true {
      let got = try chunked.read(into: chunk, frameCount: Int.random(in: 1...1000, using: &generator))
      if got == 0 { break }
      samples += chunk.floatSamples(channel: 0)
    }
    #expect(samples.count == expected.count)
    let identical = samples == expected
    #expect(identical, "chunked reads differ from one read")
    #expect(chunked.framePosition == chunked.frameCount)
  }

  @Test func readsIntegersExactlyAndSeeks() throws {
    let file = try AudioFile(forReading: TestAudio.fixtures.appendingPathComponent("hello-world.wav").path)
    let ints = PCMBuffer(format: file.fileFormat, frameCapacity: file.frameCount)
    try file.read(into: ints)
    let floats = PCMBuffer(format: file.processingFormat, frameCapacity: 100)
    try file.seek(toFrame: 5_000)
    #expect(try file.read(into: floats) == 100)
    for frame in 0..<100 {
      #expect(floats.floatChannelData![0][frame] == Float(ints.int16ChannelData![0][5_000 + frame]) / 32_768)
    }
    #expect(file.framePosition == 5_100)
  }

  @Test func readsStereoIntoEveryLayoutAndType() throws {
    let folder = try TestAudio.temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("stereo.wav").path
    let left = TestAudio.windowedSine(frequency: 300, sampleRate: 8_000, frames: 800)
    let right = TestAudio.windowedSine(frequency: 900, sampleRate: 8_000, frames: 800)
    let original = try TestAudio.buffer([left, right], sampleRate: 8_000)
    let writer = try AudioFileWriter(path: path, container: .wav, encoding: .float32, format: original.format)
    try writer.write(original)
    try writer.close()
    for type in AudioFormat.SampleType.allCases {
      for interleaved in [true, false] {
        let file = try AudioFile(forReading: path)
        let format = try AudioFormat(sampleRate: 8_000, channelCount: 2, sampleType: type, isInterleaved: interleaved)
        let buffer = PCMBuffer(format: format, frameCapacity: 800)
        #expect(try file.read(into: buffer) == 800)
        let tolerance: Float = type == .int16 ? 1.0 / 32_768 : 1e-6
        for frame in stride(from: 0, to: 800, by: 37) {
          #expect(abs(buffer.sample(channel: 0, frame: frame) - left[frame]) <= tolerance, "\(format)")
          #expect(abs(buffer.sample(channel: 1, frame: frame) - right[frame]) <= tolerance, "\(format)")
        }
      }
    }
  }

  @Test func rejectsBuffersThatDoNotFitAndSeeksOutOfRange() throws {
    let file = try AudioFile(forReading: TestAudio.fixtures.appendingPathComponent("hello-world.wav").path)
    let stereo = PCMBuffer(format: try .standard(sampleRate: 16_000, channelCount: 2), frameCapacity: 10)
    #expect(
      performing: { try file.read(into: stereo) },
      throws: { error in
        let error = error as? AudioFileError
        return error?.code == .formatMismatch && error?.description.contains("hello-world.wav") == true
      })
    let otherRate = PCMBuffer(format: try .standard(sampleRate: 48_000, channelCount: 1), frameCapacity: 10)
    #expect(
      performing: { try file.read(into: otherRate) }, throws: { ($0 as? AudioFileError)?.code == .formatMismatch })
    #expect(
      performing: { try file.seek(toFrame: 28_621) }, throws: { ($0 as? AudioFileError)?.code == .seekOutOfRange })
    #expect(performing: { try file.seek(toFrame: -1) }, throws: { ($0 as? AudioFileError)?.code == .seekOutOfRange })
    file.close()
    let mono = PCMBuffer(format: file.processingFormat, frameCapacity: 10)
    #expect(performing: { try file.read(into: mono) }, throws: { ($0 as? AudioFileError)?.code == .closed })
  }
}
