extension AudioFile {
  /// The container (file type) of an audio file, as libsndfile reports it.
  public enum Container: Hashable, Sendable, CustomStringConvertible {
    /// RIFF WAVE.
    case wav
    /// RIFF WAVE with WAVE_FORMAT_EXTENSIBLE headers.
    case wavex
    /// RF64, WAVE for files above 4 GiB.
    case rf64
    /// Sonic Foundry Wave64.
    case w64
    /// Apple Core Audio Format.
    case caf
    /// Apple/SGI AIFF (and AIFF-C).
    case aiff
    /// FLAC.
    case flac
    /// Ogg (Vorbis or Opus inside).
    case ogg
    /// MPEG audio stream (MP3).
    case mpeg
    /// Sun/NeXT AU.
    case au
    /// Any other container libsndfile knows, with libsndfile's name for it.
    case other(String)

    /// The containers ``AudioFileWriter`` accepts.
    public static let writable: [Container] = [.wav, .wavex, .rf64, .w64, .caf, .aiff, .flac, .ogg, .mpeg, .au]

    /// Guesses the container from a file name extension such as `wav`, `caf` or `flac`.
    ///
    /// - Parameter fileExtension: The extension, with or without the dot, in any letter case.
    /// - Returns: The container, or `nil` for an extension that names none.
    public init?(fileExtension: String) {
      var ext = fileExtension.lowercased()
      if ext.hasPrefix(".") { ext.removeFirst() }
      switch ext {
      case "wav", "wave": self = .wav
      case "rf64": self = .rf64
      case "w64": self = .w64
      case "caf": self = .caf
      case "aif", "aiff", "aifc": self = .aiff
      case "flac": self = .flac
      case "ogg", "oga", "opus": self = .ogg
      case "mp3": self = .mpeg
      case "au", "snd": self = .au
      default: return nil
      }
    }

    /// Parses a name given on a command line, such as `wav` or `caf`.
    ///
    /// - Parameter name: A name as printed by ``description``, or a file extension.
    /// - Returns: The container, or `nil` for a name that is none.
    public init?(name: String) {
      switch name.lowercased() {
      case "wavex": self = .wavex
      case "mpeg": self = .mpeg
      default: self.init(fileExtension: name)
      }
    }

    /// The usual file name extension, without the dot.
    public var fileExtension: String {
      switch self {
      case .wav, .wavex: "wav"
      case .rf64: "rf64"
      case .w64: "w64"
      case .caf: "caf"
      case .aiff: "aiff"
      case .flac: "flac"
      case .ogg: "ogg"
      case .mpeg: "mp3"
      case .au: "au"
      case .other: ""
      }
    }

    /// The encoding a new file of this container gets for samples of the given type.
    ///
    /// - Parameter sampleType: The sample type to store.
    /// - Returns: A lossless encoding where the container has one; FLAC stores Float and Int32 as
    ///   24-bit integers, Ogg uses Vorbis and MPEG uses Layer III.
    public func defaultEncoding(for sampleType: AudioFormat.SampleType) -> Encoding {
      switch self {
      case .flac: return sampleType == .int16 ? .pcm16 : .pcm24
      case .ogg: return .vorbis
      case .mpeg: return .mpegLayer3
      default:
        switch sampleType {
        case .int16: return .pcm16
        case .int32: return .pcm32
        case .float32: return .float32
        case .float64: return .float64
        }
      }
    }

    /// A short lower-case name: `wav`, `caf`, `flac`, …
    public var description: String {
      switch self {
      case .wav: "wav"
      case .wavex: "wavex"
      case .rf64: "rf64"
      case .w64: "w64"
      case .caf: "caf"
      case .aiff: "aiff"
      case .flac: "flac"
      case .ogg: "ogg"
      case .mpeg: "mpeg"
      case .au: "au"
      case .other(let name): name
      }
    }
  }
}
