internal import CSndFile
import Foundation

/// Opens a linear-PCM CAF file whose data chunk is cut short, which libsndfile 1.2.0 refuses as
/// "malformed" (it checks the data chunk size against the file length).
///
/// Hand-written because libsndfile has no lenient mode for CAF: this reads the `desc` and `data`
/// chunk headers itself, then has libsndfile read the samples as raw PCM from the data offset.
/// Only linear PCM (`lpcm`) can be recovered this way; compressed CAF (ALAC, AAC) needs its
/// packet table, which a cut-short file lacks.
enum CAFRecovery {
  struct Recovered {
    let handle: OpaquePointer
    let info: SF_INFO
    let encoding: AudioFile.Encoding
    /// Data bytes the header promised, or `nil` when it left the size open (-1).
    let promisedBytes: Int?
    /// Data bytes the file holds.
    let presentBytes: Int
  }

  static func open(_ path: String) -> Recovered? {
    guard let file = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? file.close() }
    guard let header = try? file.read(upToCount: 1 << 16), header.count >= 8,
      header.prefix(4) == Data("caff".utf8),
      let fileLength = try? file.seekToEnd()
    else { return nil }
    let bytes = [UInt8](header)
    var offset = 8
    var description: (rate: Double, isFloat: Bool, littleEndian: Bool, bits: Int, channels: Int)?
    while offset + 12 <= bytes.count {
      let type = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
      let size = Int64(bitPattern: bigEndian(bytes, offset + 4, 8))
      let body = offset + 12
      if type == "desc", body + 32 <= bytes.count {
        guard String(decoding: bytes[body + 8..<body + 12], as: UTF8.self) == "lpcm" else { return nil }
        let flags = bigEndian(bytes, body + 12, 4)
        description = (
          Double(bitPattern: bigEndian(bytes, body, 8)), flags & 1 != 0, flags & 2 != 0,
          Int(bigEndian(bytes, body + 28, 4)), Int(bigEndian(bytes, body + 24, 4))
        )
      }
      if type == "data" {
        // A damaged header's rate or channel count that libsndfile's Int32 fields cannot hold (or
        // past its 1,024 channels) is not recovered; the caller reports the file as malformed.
        guard let description, (1...1_024).contains(description.channels),
          description.rate > 0, description.rate < Double(Int32.max)
        else { return nil }
        // The data chunk starts with a 4-byte edit count.
        let dataOffset = body + 4
        let present = max(0, Int(fileLength) - dataOffset)
        let promised = size < 0 ? nil : Int(size) - 4
        return openRaw(path, description, dataOffset: dataOffset, promised: promised, present: present)
      }
      // A chunk that ends past what was read (or past any file: a damaged 64-bit size) hides the
      // data chunk's header.
      guard size >= 0, size <= Int64(bytes.count - body) else { return nil }
      offset = body + Int(size)
    }
    return nil
  }

  private static func openRaw(
    _ path: String, _ description: (rate: Double, isFloat: Bool, littleEndian: Bool, bits: Int, channels: Int),
    dataOffset: Int, promised: Int?, present: Int
  ) -> Recovered? {
    let encoding: AudioFile.Encoding
    switch (description.isFloat, description.bits) {
    case (false, 8): encoding = .pcmS8
    case (false, 16): encoding = .pcm16
    case (false, 24): encoding = .pcm24
    case (false, 32): encoding = .pcm32
    case (true, 32): encoding = .float32
    case (true, 64): encoding = .float64
    default: return nil
    }
    guard let minor = SndFileFormat.code(of: encoding) else { return nil }
    var info = SF_INFO()
    info.samplerate = Int32(description.rate.rounded())
    info.channels = Int32(description.channels)
    info.format = Int32(SF_FORMAT_RAW) | minor | Int32(description.littleEndian ? SF_ENDIAN_LITTLE : SF_ENDIAN_BIG)
    guard let handle = SndFileFormat.open(path, mode: Int32(SFM_READ), info: &info).handle else { return nil }
    var start = sf_count_t(dataOffset)
    // Setting the start offset does not move the read position; the seek to frame 0 does.
    guard sf_command(handle, Int32(SFC_SET_RAW_START_OFFSET), &start, Int32(MemoryLayout<sf_count_t>.size)) == 0,
      sf_seek(handle, 0, SEEK_SET) == 0
    else {
      sf_close(handle)
      return nil
    }
    let bytesPerFrame = description.bits / 8 * description.channels
    info.frames = sf_count_t(present / bytesPerFrame)
    return Recovered(handle: handle, info: info, encoding: encoding, promisedBytes: promised, presentBytes: present)
  }

  private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in offset..<offset + count { value = value << 8 | UInt64(bytes[index]) }
    return value
  }
}
