import Foundation

/// When golden snapshot files are written instead of compared: a closed set, `never` by default
/// (and on CI), chosen by `speech-replay run --record MODE` or the `SPEECH_REPLAY_RECORD`
/// environment variable (the flag wins).
public enum SnapshotRecordMode: String, Sendable, Hashable, CaseIterable, Codable, CustomStringConvertible {
  /// Compare only; a missing golden file is a failure that says how to record it. CI's mode.
  case never
  /// Write golden files that do not exist yet; compare the others.
  case missing
  /// Write golden files that do not exist or do not match; the run still fails for each file written.
  case failed
  /// Write every golden file; the run still fails for each file whose content changed.
  case all

  /// The mode of a test scope (SpeechReplayTesting's `.recordingSnapshots` trait): wins over the
  /// environment for runners without their own ``SnapshotOptions``.
  @TaskLocal package static var scoped: SnapshotRecordMode?

  /// The environment variable that sets the mode when no flag does.
  public static let environmentVariable = "SPEECH_REPLAY_RECORD"

  /// Reads a mode by name.
  /// - Parameters:
  ///   - text: `never`, `missing`, `failed` or `all`.
  ///   - source: Where the text comes from, for the message (`--record`, `SPEECH_REPLAY_RECORD`).
  /// - Throws: ``SnapshotError`` naming the source and the four modes.
  public init(parsing text: String, from source: String) throws(SnapshotError) {
    guard let mode = SnapshotRecordMode(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
      throw SnapshotError(
        .invalidRecordMode,
        "\(source) is '\(text)' but must be one of \(Self.allCases.map(\.rawValue).joined(separator: ", ")); never is the default and CI's mode"
      )
    }
    self = mode
  }

  /// The mode the environment asks for: `SPEECH_REPLAY_RECORD`, or nil when it is unset or empty.
  /// - Parameter environment: The process environment (by default this process's).
  /// - Returns: The mode, or nil.
  /// - Throws: ``SnapshotError`` when the variable holds something else than a mode.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(SnapshotError) -> SnapshotRecordMode? {
    guard let text = environment[environmentVariable], !text.isEmpty else { return nil }
    return try SnapshotRecordMode(parsing: text, from: environmentVariable)
  }

  /// The mode in effect: the flag when given, else the environment variable, else `never`.
  /// - Parameters:
  ///   - flag: The `--record` value, when given.
  ///   - environment: The process environment.
  /// - Returns: The mode.
  /// - Throws: ``SnapshotError`` when the flag or the variable is not a mode.
  public static func resolve(
    flag: String?, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(SnapshotError) -> SnapshotRecordMode {
    if let flag { return try SnapshotRecordMode(parsing: flag, from: "--record") }
    return try fromEnvironment(environment) ?? .never
  }

  /// The mode's name.
  public var description: String { rawValue }

  /// Whether a golden file in the given state is written in this mode.
  func writes(missing: Bool, matches: Bool) -> Bool {
    switch self {
    case .never: false
    case .missing: missing
    case .failed: missing || !matches
    case .all: true
    }
  }
}
