import AudioPCM
import CSndFile
import Foundation
import Testing

/// Every sample format libsndfile reads is read at its own scale, whatever the container; samples
/// stored at a scale no reader expects, and NaN or infinite samples, are corrected with a warning.
@Suite struct AudioFileSampleScaleTests {
  let folder: URL

  init() throws {
    folder = try TestAudio.temporaryFolder()
  }

  /// Every container libsndfile writes with every encoding it accepts there.
  static let pairs: [(AudioFile.Container, AudioFile.Encoding)] = AudioFile.Container.writable.flatMap { container in
    [
      AudioFile.Encoding.pcmS8, .pcmU8, .pcm16, .pcm24, .pcm32, .float32, .float64, .ulaw, .alaw, .imaADPCM, .msADPCM,
      .alac16, .alac24, .alac32, .vorbis, .opus, .mpegLayer3,
    ].map { (container, $0) }
  }

  /// A 0.5 full-scale sine written by libsndfile is read back at 0.5 (within 1 dB for lossy
  /// encodings), with no scale warning, in every container and encoding libsndfile can write.
  @Test func everyContainerAndEncodingIsReadAtItsOwnScale() throws {
    var checked = 0
    for (container, encoding) in Self.pairs {
      let path = folder.appendingPathComponent("sine-\(container)-\(encoding).\(container.fileExtension)").path
      let buffer = try TestAudio.buffer(
        [TestAudio.windowedSine(frequency: 440, sampleRate: 16_000, frames: 16_000)], sampleRate: 16_000)
      guard
        let writer = try? AudioFileWriter(path: path, container: container, encoding: encoding, format: buffer.format)
      else { continue }
      try writer.write(buffer)
      try writer.close()
      let peak = try Self.peak(ofFileAt: path)
      #expect(
        abs(AudioLevels.decibels(peak.value) - AudioLevels.decibels(0.5)) < 1, "\(container) \(encoding): \(peak)")
      #expect(peak.warnings.isEmpty, "\(container) \(encoding): \(peak.warnings)")
      checked += 1
    }
    // WAV, CAF, W64, AIFF, RF64, FLAC, Ogg, MP3, AU: dozens of pairs, each checked.
    #expect(checked >= 40)
  }

  /// sox writes 64-bit float CAF and W64 through libsndfile with normalisation off: the samples
  /// are stored at ±2³¹. They are read divided by 2³¹, as the same audio in a float64 WAV reads.
  @Test(arguments: [(SF_FORMAT_CAF, "caf"), (SF_FORMAT_W64, "w64")])
  func integerScaledFloat64IsReadAtItsIntendedLevel(major: Int, fileExtension: String) throws {
    let path = folder.appendingPathComponent("sox-style.\(fileExtension)").path
    let sine = TestAudio.windowedSine(frequency: 440, sampleRate: 16_000, frames: 16_000).map {
      Double($0) * 2_147_483_648
    }
    try Self.writeDoubles(sine, to: path, format: major | SF_FORMAT_DOUBLE, normalized: false)
    let peak = try Self.peak(ofFileAt: path)
    #expect(abs(peak.value - 0.5) < 0.001, "\(peak.value)")
    #expect(peak.warnings.map(\.code) == [.integerScaledFloats])
    #expect(peak.warnings.first?.message.contains("2^31") == true)
    // The same reading into Int16 and Float64 buffers.
    let file = try AudioFile(forReading: path)
    let int16Format = try AudioFormat(sampleRate: 16_000, channelCount: 1, sampleType: .int16, isInterleaved: true)
    let int16 = PCMBuffer(format: int16Format, frameCapacity: 16_000)
    try file.read(into: int16)
    let loudest = (0..<int16.frameLength).map { abs(Int(int16.int16ChannelData![0][$0])) }.max() ?? 0
    #expect((16_300...16_400).contains(loudest), "\(loudest)")
  }

  /// NaN and ±infinity are read as silence, counted in one warning that says where the first is.
  @Test func nonFiniteSamplesAreReadAsSilenceWithACount() throws {
    let path = folder.appendingPathComponent("non-finite.wav").path
    var samples = TestAudio.windowedSine(frequency: 440, sampleRate: 16_000, frames: 1_600).map(Double.init)
    samples[100] = .nan
    samples[200] = .infinity
    samples[300] = -.infinity
    try Self.writeDoubles(samples, to: path, format: SF_FORMAT_WAV | SF_FORMAT_FLOAT, normalized: true)
    let file = try AudioFile(forReading: path)
    #expect(file.warnings.map(\.code) == [.nonFiniteSamples])
    let message = try #require(file.warnings.first?.message)
    #expect(message.contains("3 samples are NaN or infinite (the first at frame 100"), "\(message)")
    let buffer = PCMBuffer(format: file.processingFormat, frameCapacity: 1_600)
    try file.read(into: buffer)
    let read = (0..<buffer.frameLength).map { buffer.floatChannelData![0][$0] }
    #expect(read.allSatisfy { $0.isFinite })
    #expect(read[100] == 0 && read[200] == 0 && read[300] == 0)
    #expect(abs(read[101] - Float(samples[101])) < 1e-6)
  }

  private static func peak(ofFileAt path: String) throws -> (value: Double, warnings: [AudioFileWarning]) {
    let file = try AudioFile(forReading: path)
    let buffer = PCMBuffer(format: file.processingFormat, frameCapacity: 4_096)
    var levels = AudioLevels()
    while try file.read(into: buffer) > 0 { levels.add(buffer) }
    return (levels.peak, file.warnings)
  }

  /// Writes mono 16 kHz samples with libsndfile, as another program would.
  private static func writeDoubles(_ samples: [Double], to path: String, format: Int, normalized: Bool) throws {
    var info = SF_INFO()
    info.samplerate = 16_000
    info.channels = 1
    info.format = Int32(format)
    let handle = try #require(sf_open(path, Int32(SFM_WRITE), &info))
    defer { sf_close(handle) }
    sf_command(handle, Int32(SFC_SET_NORM_DOUBLE), nil, normalized ? Int32(SF_TRUE) : Int32(SF_FALSE))
    let written = samples.withUnsafeBufferPointer {
      sf_writef_double(handle, $0.baseAddress, sf_count_t(samples.count))
    }
    guard written == sf_count_t(samples.count) else { throw CocoaError(.fileWriteUnknown) }
  }
}
