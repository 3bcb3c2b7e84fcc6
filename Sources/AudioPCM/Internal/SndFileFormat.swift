internal import CSndFile
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Translation between libsndfile's format codes and the typed container and encoding enums.
///
/// libsndfile's constants come from anonymous C enums, so Swift imports them as `Int`.
enum SndFileFormat {
  private static let containers: [(Int, AudioFile.Container)] = [
    (SF_FORMAT_WAV, .wav), (SF_FORMAT_WAVEX, .wavex), (SF_FORMAT_RF64, .rf64), (SF_FORMAT_W64, .w64),
    (SF_FORMAT_CAF, .caf), (SF_FORMAT_AIFF, .aiff), (SF_FORMAT_FLAC, .flac), (SF_FORMAT_OGG, .ogg),
    (SF_FORMAT_MPEG, .mpeg), (SF_FORMAT_AU, .au),
  ]

  private static let encodings: [(Int, AudioFile.Encoding)] = [
    (SF_FORMAT_PCM_S8, .pcmS8), (SF_FORMAT_PCM_U8, .pcmU8), (SF_FORMAT_PCM_16, .pcm16), (SF_FORMAT_PCM_24, .pcm24),
    (SF_FORMAT_PCM_32, .pcm32), (SF_FORMAT_FLOAT, .float32), (SF_FORMAT_DOUBLE, .float64), (SF_FORMAT_ULAW, .ulaw),
    (SF_FORMAT_ALAW, .alaw), (SF_FORMAT_IMA_ADPCM, .imaADPCM), (SF_FORMAT_MS_ADPCM, .msADPCM),
    (SF_FORMAT_GSM610, .gsm610), (SF_FORMAT_VORBIS, .vorbis), (SF_FORMAT_OPUS, .opus), (SF_FORMAT_ALAC_16, .alac16),
    (SF_FORMAT_ALAC_20, .alac20), (SF_FORMAT_ALAC_24, .alac24), (SF_FORMAT_ALAC_32, .alac32),
    (SF_FORMAT_MPEG_LAYER_I, .mpegLayer1), (SF_FORMAT_MPEG_LAYER_II, .mpegLayer2),
    (SF_FORMAT_MPEG_LAYER_III, .mpegLayer3),
  ]

  static func container(ofFormat format: Int32) -> AudioFile.Container {
    let major = Int(format) & SF_FORMAT_TYPEMASK
    return containers.first { $0.0 == major }?.1 ?? .other(name(of: major, command: SFC_GET_FORMAT_INFO))
  }

  static func encoding(ofFormat format: Int32) -> AudioFile.Encoding {
    let minor = Int(format) & SF_FORMAT_SUBMASK
    return encodings.first { $0.0 == minor }?.1 ?? .other(name(of: minor, command: SFC_GET_FORMAT_INFO))
  }

  static func code(of container: AudioFile.Container) -> Int32? {
    containers.first { $0.1 == container }.map { Int32($0.0) }
  }

  static func code(of encoding: AudioFile.Encoding) -> Int32? {
    encodings.first { $0.1 == encoding }.map { Int32($0.0) }
  }

  private static func name(of code: Int, command: Int) -> String {
    var info = SF_FORMAT_INFO()
    info.format = Int32(code)
    guard sf_command(nil, Int32(command), &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size)) == 0,
      let name = info.name
    else { return "0x" + String(code, radix: 16, uppercase: true) }
    return String(cString: name)
  }

  /// libsndfile's message for the last error on `file` (an open handle).
  static func errorMessage(_ file: OpaquePointer) -> String {
    String(cString: sf_strerror(file))
  }

  /// Serialises opens: libsndfile keeps the error of a failed `sf_open` in one process-wide
  /// variable, so without this a parallel failing open can overwrite another one's message.
  private static let openLock = Mutex(())

  /// Opens `path` with libsndfile; on failure returns nil and libsndfile's message for that open.
  static func open(_ path: String, mode: Int32, info: inout SF_INFO) -> (handle: OpaquePointer?, failure: String) {
    openLock.withLock { _ in
      if let handle = sf_open(path, mode, &info) { return (handle, "") }
      return (nil, String(cString: sf_strerror(nil)))
    }
  }

  /// Opens the file behind `descriptor` with libsndfile, which closes the descriptor with the handle
  /// (or at once, when the open fails); on failure returns nil and libsndfile's message for that open.
  static func open(descriptor: Int32, mode: Int32, info: inout SF_INFO) -> (handle: OpaquePointer?, failure: String) {
    openLock.withLock { _ in
      if let handle = sf_open_fd(descriptor, mode, &info, Int32(SF_TRUE)) { return (handle, "") }
      close(descriptor)
      return (nil, String(cString: sf_strerror(nil)))
    }
  }

  /// libsndfile's log of the header it parsed.
  static func log(_ file: OpaquePointer) -> String {
    var bytes = [CChar](repeating: 0, count: 8192)
    let count = bytes.withUnsafeMutableBufferPointer {
      sf_command(file, Int32(SFC_GET_LOG_INFO), $0.baseAddress, Int32($0.count - 1))
    }
    guard count > 0 else { return "" }
    return String(decoding: bytes.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
