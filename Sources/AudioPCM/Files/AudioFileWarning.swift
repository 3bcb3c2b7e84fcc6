/// Something wrong with an audio file that still let it be read, such as a recording cut short.
public struct AudioFileWarning: Hashable, Sendable, CustomStringConvertible {
  /// The kind of problem.
  public enum Code: Hashable, Sendable {
    /// The header promises more audio than the file holds; what is there was read.
    case truncated
    /// The file name's extension names another container than the one the bytes hold.
    case extensionMismatch
    /// Floating-point samples stored at 32-bit integer scale (±2³¹, as sox writes 64-bit float
    /// CAF and W64); they are read divided by 2³¹, at their intended level.
    case integerScaledFloats
    /// Floating-point samples far beyond full scale that no known writer's scale explains; read as they are.
    case beyondFullScale
    /// NaN or infinite samples, which no microphone delivers; they are read as silence (0).
    case nonFiniteSamples
  }

  /// The kind of problem.
  public let code: Code
  /// The file concerned.
  public let path: String
  /// What is wrong and what it means, without the path.
  public let message: String
  /// Bytes of audio data the header promised that the file lacks, where known.
  public let missingBytes: Int?
  /// Frames the header promised that the file lacks, where known.
  public let missingFrames: Int?

  /// Creates a warning.
  ///
  /// - Parameters:
  ///   - code: The kind of problem.
  ///   - path: The file concerned.
  ///   - message: What is wrong, without the path.
  ///   - missingBytes: Bytes of audio data missing, where known.
  ///   - missingFrames: Frames missing, where known.
  public init(code: Code, path: String, message: String, missingBytes: Int? = nil, missingFrames: Int? = nil) {
    self.code = code
    self.path = path
    self.message = message
    self.missingBytes = missingBytes
    self.missingFrames = missingFrames
  }

  /// One line: the path, then the message.
  public var description: String { "\(path): warning: \(message)" }
}
