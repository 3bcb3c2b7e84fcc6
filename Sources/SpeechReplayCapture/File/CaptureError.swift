public import Foundation

/// Why a capture cannot be written or read; the message names the file and says what to do.
public struct CaptureError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
  /// What went wrong, in kinds a caller can tell apart.
  public enum Kind: Sendable, Hashable {
    /// Another recorder holds the file's lock.
    case lockedByAnotherWriter
    /// The file was written by a newer schema than this code reads.
    case newerSchema(found: Int, supported: Int)
    /// The file exists already (a recorder starts a new file).
    case alreadyExists
    /// The file is not a capture (not SQLite, or no capture tables).
    case notACapture
    /// SQLite or the file system failed.
    case io
    /// The recorder was used after `finish()` or `close()`.
    case closed
  }

  /// The kind of failure.
  public var kind: Kind
  /// The capture file concerned.
  public var path: String
  /// What went wrong and what to do.
  public var message: String

  /// Creates an error.
  public init(_ kind: Kind, path: String, message: String) {
    self.kind = kind
    self.path = path
    self.message = message
  }

  /// `capture '<path>': <message>`.
  public var description: String { "capture '\(path)': \(message)" }
  /// The same as ``description``.
  public var errorDescription: String? { description }
}
