internal import AudioPCM
import Foundation

/// The Core Audio error codes the ``AVAudioFile`` twin throws, in domain `com.apple.coreaudio.avfaudio`.
enum AVAudioFileErrorCode {
  /// AVFAudio's error domain.
  static let domain = "com.apple.coreaudio.avfaudio"
  /// `'wht?'` kAudioFileUnspecifiedError: the file cannot be opened or written.
  static let unspecified = 2_003_334_207
  /// `'typ?'` kAudioFileUnsupportedFileTypeError: not an audio file the reader knows.
  static let unsupportedFileType = 1_954_115_647
  /// `'fmt?'` kAudioFileUnsupportedDataFormatError: a format the container or the twin cannot hold.
  static let unsupportedDataFormat = 1_718_449_215
  /// `'dta?'` kAudioFileInvalidFileError: the file is damaged or holds no audio.
  static let invalidFile = 1_685_348_671
  /// kAudioFileNotOpenError: the file is closed.
  static let notOpen = -38
  /// kAudio_ParamError: a buffer or argument does not fit.
  static let parameter = -50

  /// The code for an AudioPCM failure.
  static func code(for error: AudioFileError) -> Int {
    switch error.code {
    case .cannotOpen, .writeFailed: unspecified
    case .unrecognizedFormat: unsupportedFileType
    case .malformed, .noAudioData, .readFailed: invalidFile
    case .unsupportedFormat: unsupportedDataFormat
    case .formatMismatch, .seekOutOfRange: parameter
    case .closed: notOpen
    }
  }
}

extension AVAudioFile {
  /// An NSError for an AudioPCM failure, keeping its message (which names the file).
  static func error(_ error: AudioFileError) -> NSError {
    Self.error(code: AVAudioFileErrorCode.code(for: error), path: error.path, error.message)
  }

  /// An NSError in AVFAudio's domain whose description is `path: message`.
  static func error(code: Int, path: String, _ message: String) -> NSError {
    NSError(
      domain: AVAudioFileErrorCode.domain, code: code,
      userInfo: [NSLocalizedDescriptionKey: "\(path): \(message)", NSFilePathErrorKey: path])
  }
}
