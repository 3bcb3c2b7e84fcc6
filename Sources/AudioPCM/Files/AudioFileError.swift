/// An audio file that could not be opened, read or written, naming the file and how to fix it.
///
/// ``description`` is one line: `path: what went wrong; what to do`. Where libsndfile reported
/// the failure, its own message is quoted in ``message``.
public struct AudioFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure.
  public enum Code: Hashable, Sendable {
    /// The path does not exist, is a folder, or cannot be read or created.
    case cannotOpen
    /// The file is empty, or its bytes are not a format libsndfile knows.
    case unrecognizedFormat
    /// The header is damaged or describes impossible audio (zero rate, zero channels).
    case malformed
    /// The header is intact but no audio follows it.
    case noAudioData
    /// Reading samples failed part-way.
    case readFailed
    /// Writing samples or finishing the file failed.
    case writeFailed
    /// The container cannot hold the requested encoding, rate or channel count.
    case unsupportedFormat
    /// A buffer's format does not fit the file (different channel count or sample rate).
    case formatMismatch
    /// A seek beyond the end of the file, or in a file that cannot seek.
    case seekOutOfRange
    /// The file was already closed.
    case closed
  }

  /// The kind of failure.
  public let code: Code
  /// The file concerned.
  public let path: String
  /// What went wrong and what to do, without the path.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: The kind of failure.
  ///   - path: The file concerned.
  ///   - message: What went wrong and what to do, without the path.
  public init(code: Code, path: String, message: String) {
    self.code = code
    self.path = path
    self.message = message
  }

  /// One line: the path, then the message.
  public var description: String { "\(path): \(message)" }
}
