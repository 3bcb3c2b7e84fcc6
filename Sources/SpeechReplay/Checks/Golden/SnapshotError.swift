/// Why the snapshot settings cannot be used: a bad record mode or an unreadable golden folder.
public struct SnapshotError: Error, Sendable, Hashable, CustomStringConvertible {
  /// What kind of problem it is.
  public struct Code: Sendable, Hashable, CustomStringConvertible {
    private let name: String
    private init(_ name: String) { self.name = name }
    /// A record mode that is not never, missing, failed or all.
    public static let invalidRecordMode = Code("invalid record mode")
    /// `SPEECH_REPLAY_FAIL_ON_OBSOLETE` is not a boolean.
    public static let invalidSetting = Code("invalid setting")
    /// The code's name.
    public var description: String { name }
  }

  /// What kind of problem it is.
  public var code: Code
  /// What went wrong and how to fix it.
  public var message: String

  /// Creates an error.
  /// - Parameters:
  ///   - code: The kind of problem.
  ///   - message: What went wrong and how to fix it.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
