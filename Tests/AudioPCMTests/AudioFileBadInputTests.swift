import AudioPCM
import Foundation
import Simulation
import Testing

/// Every kind of bad input gives a typed error or, where audio can still be read, a warning;
/// none crashes. The bad files are made here, in a temporary folder.
@Suite struct AudioFileBadInputTests {
  let folder: URL
  /// A valid 1 s, 16 kHz mono 16-bit WAV: a 44-byte header and 32 000 bytes of data.
  let validWAV: Data

  init() throws {
    folder = try TestAudio.temporaryFolder()
    let path = folder.appendingPathComponent("valid.wav").path
    let buffer = try TestAudio.buffer(
      [TestAudio.windowedSine(frequency: 440, sampleRate: 16_000, frames: 16_000)], sampleRate: 16_000)
    let writer = try AudioFileWriter(path: path, container: .wav, encoding: .pcm16, format: buffer.format)
    try writer.write(buffer)
    try writer.close()
    validWAV = try Data(contentsOf: URL(fileURLWithPath: path))
  }

  private func file(_ name: String, _ bytes: Data) throws -> String {
    let url = folder.appendingPathComponent(name)
    try bytes.write(to: url)
    return url.path
  }

  private func patched(_ data: Data, at offset: Int, littleEndian value: UInt32, width: Int = 4) -> Data {
    var copy = data
    for index in 0..<width { copy[offset + index] = UInt8((value >> (8 * UInt32(index))) & 0xFF) }
    return copy
  }

  private func expectError(_ path: String, _ code: AudioFileError.Code, mentioning words: [String]) {
    #expect(
      performing: { try AudioFile(forReading: path) },
      throws: { error in
        guard let error = error as? AudioFileError else { return false }
        let text = error.description
        return error.code == code && text.hasPrefix(path) && words.allSatisfy { text.contains($0) }
      })
  }

  @Test func validFileHasNoWarnings() throws {
    #expect(validWAV.count == 32_044)
    let file = try AudioFile(forReading: try file("ok.wav", validWAV))
    #expect(file.frameCount == 16_000)
    #expect(file.warnings.isEmpty)
  }

  @Test func truncatedFileIsReadWithAWarningOfWhatIsMissing() throws {
    let path = try file("cut.wav", validWAV.prefix(20_000))
    let file = try AudioFile(forReading: path)
    #expect(file.frameCount == 9_978)
    let warning = try #require(file.warnings.first)
    #expect(warning.code == .truncated)
    #expect(warning.missingBytes == 12_044)
    #expect(warning.missingFrames == 6_022)
    #expect(warning.description.hasPrefix(path))
    #expect(warning.message.contains("cut short"))
    let buffer = PCMBuffer(format: file.processingFormat, frameCapacity: 20_000)
    #expect(try file.read(into: buffer) == 9_978)
  }

  @Test func dataChunkClaimingMoreThanTheFileIsReadWithAWarning() throws {
    let path = try file("claims-more.wav", patched(validWAV, at: 40, littleEndian: 64_000))
    let file = try AudioFile(forReading: path)
    #expect(file.frameCount == 16_000)
    #expect(file.warnings.map(\.code) == [.truncated])
    #expect(file.warnings.first?.missingBytes == 32_000)
    #expect(file.warnings.first?.missingFrames == 16_000)
  }

  /// A 1 Hz CAF whose 64-bit data size promises about 10^18 bytes (found by `ci/fuzz`): the warning's
  /// duration is past what `Int` holds in milliseconds and used to trap while it was formatted.
  @Test func aCAFPromisingAnExabyteAtOneHertzIsReadWithAWarning() throws {
    let path = try file("exabyte.caf", caf(rate: 1, channels: 1, dataSize: 0x0FFF_FFFF_FFFF_FF00))
    let file = try AudioFile(forReading: path)
    let warning = try #require(file.warnings.first { $0.code == .truncated })
    #expect(warning.description.hasPrefix(path))
    #expect(warning.message.contains(" s)"))
    let buffer = PCMBuffer(format: file.processingFormat, frameCapacity: 64)
    #expect(try file.read(into: buffer) == 10)
  }

  /// Damaged CAF headers that libsndfile refuses and the recovery of cut-short CAF files must not
  /// trap on either (found by `ci/fuzz`): channel counts and rates past libsndfile's `Int32` fields,
  /// and a chunk whose 64-bit size runs past any file.
  @Test func cafHeadersPastWhatLibsndfileHoldsFail() throws {
    let cases: [(String, Data)] = [
      ("channels.caf", caf(rate: 1, channels: 0xDE00_0001, dataSize: 0x0FFF_FFFF_FFFF_FF00)),
      ("rate.caf", caf(rate: 1e300, channels: 1, dataSize: 0x0FFF_FFFF_FFFF_FF00)),
      ("infinite-rate.caf", caf(rate: .infinity, channels: 1, dataSize: 0x0FFF_FFFF_FFFF_FF00)),
      ("chunk.caf", caf(rate: 16_000, channels: 1, dataSize: 24, chunkBeforeData: Int64.max)),
    ]
    for (name, bytes) in cases {
      expectError(try file(name, bytes), .malformed, mentioning: ["damaged"])
    }
  }

  /// A linear-PCM CAF: `desc` (16-bit little-endian integers), an optional `free` chunk of the size
  /// given (with no body), and a `data` chunk whose header gives `dataSize` over 20 bytes of audio.
  private func caf(rate: Double, channels: UInt32, dataSize: UInt64, chunkBeforeData: Int64? = nil) -> Data {
    var bytes = Data("caff".utf8) + bigEndian(UInt16(1), 2) + bigEndian(UInt16(0), 2)
    bytes += Data("desc".utf8) + bigEndian(UInt64(32), 8)
    bytes += bigEndian(rate.bitPattern, 8) + Data("lpcm".utf8)
    bytes += bigEndian(UInt32(2), 4)  // little-endian integer samples
    // Bytes and frames per packet, channels, bits.
    for field: UInt32 in [2 &* channels, 1, channels, 16] { bytes += bigEndian(field, 4) }
    if let chunkBeforeData { bytes += Data("free".utf8) + bigEndian(UInt64(chunkBeforeData), 8) }
    bytes += Data("data".utf8) + bigEndian(dataSize, 8) + bigEndian(UInt32(0), 4)
    return bytes + Data(repeating: 1, count: 20)
  }

  private func bigEndian<Value: FixedWidthInteger>(_ value: Value, _ width: Int) -> Data {
    Data((0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
  }

  @Test func headerOnlyFails() throws {
    expectError(
      try file("header-only.wav", validWAV.prefix(44)), .noAudioData, mentioning: ["32000 bytes", "nothing to read"])
  }

  @Test func garbageBytesFail() throws {
    var generator = SeededRandomNumberGenerator(seed: 3)
    let garbage = Data((0..<3_000).map { _ in UInt8.random(in: 0...255, using: &generator) })
    expectError(
      try file("garbage.wav", garbage), .unrecognizedFormat, mentioning: ["Format not recognised", "not WAV"])
  }

  @Test func emptyFileFails() throws {
    expectError(try file("empty.wav", Data()), .unrecognizedFormat, mentioning: ["empty (0 bytes)"])
  }

  @Test func zeroSampleRateFails() throws {
    let bytes = patched(patched(validWAV, at: 24, littleEndian: 0), at: 28, littleEndian: 0)
    expectError(try file("zero-rate.wav", bytes), .malformed, mentioning: ["no usable sample rate", "re-export"])
  }

  @Test func zeroChannelsFails() throws {
    expectError(
      try file("zero-channels.wav", patched(validWAV, at: 22, littleEndian: 0, width: 2)), .malformed,
      mentioning: ["Channel count is zero", "re-export"])
  }

  @Test func wrongExtensionIsReadWithAWarning() throws {
    let path = try file("actually-wav.flac", validWAV)
    let file = try AudioFile(forReading: path)
    #expect(file.container == .wav)
    #expect(file.frameCount == 16_000)
    #expect(file.warnings.map(\.code) == [.extensionMismatch])
    #expect(file.warnings.first?.message.contains("rename it to .wav") == true)
  }

  @Test func unreadablePathsFail() throws {
    expectError(folder.appendingPathComponent("missing.wav").path, .cannotOpen, mentioning: ["no such file"])
    expectError(folder.path, .cannotOpen, mentioning: ["is a folder"])
  }

  @Test func truncatedFLACWarnsWhenTheStreamEnds() throws {
    let path = folder.appendingPathComponent("whole.flac").path
    let buffer = try TestAudio.buffer(
      [TestAudio.windowedSine(frequency: 440, sampleRate: 16_000, frames: 16_000)], sampleRate: 16_000)
    let writer = try AudioFileWriter(path: path, container: .flac, encoding: .pcm16, format: buffer.format)
    try writer.write(buffer)
    try writer.close()
    let whole = try Data(contentsOf: URL(fileURLWithPath: path))
    let cutPath = try file("cut.flac", whole.prefix(whole.count / 2))
    let file = try AudioFile(forReading: cutPath)
    #expect(file.frameCount == 16_000, "the header still promises the whole recording")
    let all = PCMBuffer(format: file.processingFormat, frameCapacity: 16_000)
    let got = try file.read(into: all)
    #expect(got > 0 && got < 16_000)
    #expect(file.frameCount == got)
    let warning = try #require(file.warnings.first)
    #expect(warning.code == .truncated)
    #expect(warning.missingFrames == 16_000 - got)
  }

  @Test func truncatedCAFIsRecoveredWithAWarning() throws {
    let path = folder.appendingPathComponent("whole.caf").path
    let signal = TestAudio.windowedSine(frequency: 440, sampleRate: 16_000, frames: 16_000)
    let buffer = try TestAudio.buffer([signal], sampleRate: 16_000)
    let writer = try AudioFileWriter(path: path, container: .caf, encoding: .pcm16, format: buffer.format)
    try writer.write(buffer)
    try writer.close()
    let whole = try Data(contentsOf: URL(fileURLWithPath: path))
    // libsndfile puts the audio of a CAF it writes at byte 4096, after a padding chunk.
    #expect(whole.count == 4_096 + 32_000)

    let file = try AudioFile(forReading: try self.file("cut.caf", whole.prefix(20_000)))
    #expect(file.container == .caf)
    #expect(file.encoding == .pcm16)
    #expect(file.fileFormat.sampleRate == 16_000)
    #expect(file.frameCount == 7_952)
    let warning = try #require(file.warnings.first)
    #expect(warning.code == .truncated)
    #expect(warning.missingBytes == 16_096)
    #expect(warning.missingFrames == 8_048)
    let back = PCMBuffer(format: file.processingFormat, frameCapacity: 16_000)
    #expect(try file.read(into: back) == 7_952)
    var largest: Float = 0
    for frame in 0..<7_952 { largest = max(largest, abs(back.floatChannelData![0][frame] - signal[frame])) }
    #expect(largest <= 1.0 / 32_768, "recovered samples differ from what was written by \(largest)")
    try file.seek(toFrame: 100)
    #expect(try file.read(into: back, frameCount: 1) == 1)
    #expect(abs(back.floatChannelData![0][0] - signal[100]) <= 1.0 / 32_768)

    expectError(try self.file("header-only.caf", whole.prefix(4_096)), .noAudioData, mentioning: ["nothing to read"])
  }

  @Test func writerRejectsWhatTheContainerCannotHold() throws {
    let format = try AudioFormat.standard(sampleRate: 16_000, channelCount: 1)
    #expect(
      performing: {
        try AudioFileWriter(
          path: folder.appendingPathComponent("x.flac").path, container: .flac, encoding: .float32, format: format)
      }, throws: { ($0 as? AudioFileError)?.code == .unsupportedFormat })
    #expect(
      performing: {
        try AudioFileWriter(
          path: folder.appendingPathComponent("no/such/folder/x.wav").path, container: .wav, format: format)
      },
      throws: { error in
        let error = error as? AudioFileError
        return error?.code == .cannotOpen && error?.message.contains("folder exists") == true
      })
  }
}
