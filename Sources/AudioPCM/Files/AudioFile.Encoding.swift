extension AudioFile {
  /// How samples are stored inside an audio file's container.
  public enum Encoding: Hashable, Sendable, CustomStringConvertible {
    /// Signed 8-bit integer PCM.
    case pcmS8
    /// Unsigned 8-bit integer PCM.
    case pcmU8
    /// Signed 16-bit integer PCM.
    case pcm16
    /// Signed 24-bit integer PCM.
    case pcm24
    /// Signed 32-bit integer PCM.
    case pcm32
    /// 32-bit float PCM.
    case float32
    /// 64-bit float PCM.
    case float64
    /// G.711 µ-law.
    case ulaw
    /// G.711 A-law.
    case alaw
    /// IMA ADPCM.
    case imaADPCM
    /// Microsoft ADPCM.
    case msADPCM
    /// GSM 6.10.
    case gsm610
    /// Ogg Vorbis (lossy).
    case vorbis
    /// Opus (lossy).
    case opus
    /// Apple Lossless, 16-bit.
    case alac16
    /// Apple Lossless, 20-bit.
    case alac20
    /// Apple Lossless, 24-bit.
    case alac24
    /// Apple Lossless, 32-bit.
    case alac32
    /// MPEG-1 Audio Layer I (lossy).
    case mpegLayer1
    /// MPEG-1 Audio Layer II (lossy).
    case mpegLayer2
    /// MPEG Audio Layer III, MP3 (lossy).
    case mpegLayer3
    /// Any other encoding libsndfile knows, with libsndfile's name for it.
    case other(String)

    /// Parses a name given on a command line, such as `pcm16`, `float32` or `alac24`.
    ///
    /// - Parameter name: A name as printed by ``description``.
    /// - Returns: The encoding, or `nil` for a name that is none.
    public init?(name: String) {
      let all: [Encoding] = [
        .pcmS8, .pcmU8, .pcm16, .pcm24, .pcm32, .float32, .float64, .ulaw, .alaw, .imaADPCM, .msADPCM, .gsm610,
        .vorbis, .opus, .alac16, .alac20, .alac24, .alac32, .mpegLayer1, .mpegLayer2, .mpegLayer3,
      ]
      guard let match = all.first(where: { $0.description == name.lowercased() }) else { return nil }
      self = match
    }

    /// Whether the encoding loses information (Vorbis, Opus, MPEG, GSM, ADPCM, G.711).
    public var isLossy: Bool {
      switch self {
      case .vorbis, .opus, .mpegLayer1, .mpegLayer2, .mpegLayer3, .gsm610, .imaADPCM, .msADPCM, .ulaw, .alaw: true
      case .other: true
      default: false
      }
    }

    /// Whether the samples decode to integers, so reading them as integers is exact.
    var decodesToIntegers: Bool {
      switch self {
      case .float32, .float64, .vorbis, .opus, .mpegLayer1, .mpegLayer2, .mpegLayer3, .other: false
      default: true
      }
    }

    /// The sample type that holds this encoding's samples without loss (Float32 for lossy ones).
    public var nativeSampleType: AudioFormat.SampleType {
      switch self {
      case .pcmS8, .pcmU8, .pcm16, .ulaw, .alaw, .imaADPCM, .msADPCM, .gsm610, .alac16: .int16
      case .pcm24, .pcm32, .alac20, .alac24, .alac32: .int32
      case .float64: .float64
      default: .float32
      }
    }

    /// A short lower-case name: `pcm16`, `float32`, `alac24`, `vorbis`, …
    public var description: String {
      switch self {
      case .pcmS8: "pcms8"
      case .pcmU8: "pcmu8"
      case .pcm16: "pcm16"
      case .pcm24: "pcm24"
      case .pcm32: "pcm32"
      case .float32: "float32"
      case .float64: "float64"
      case .ulaw: "ulaw"
      case .alaw: "alaw"
      case .imaADPCM: "ima-adpcm"
      case .msADPCM: "ms-adpcm"
      case .gsm610: "gsm610"
      case .vorbis: "vorbis"
      case .opus: "opus"
      case .alac16: "alac16"
      case .alac20: "alac20"
      case .alac24: "alac24"
      case .alac32: "alac32"
      case .mpegLayer1: "mpeg-layer1"
      case .mpegLayer2: "mpeg-layer2"
      case .mpegLayer3: "mp3"
      case .other(let name): name
      }
    }
  }
}
