import Foundation

/// How a runner treats golden snapshot files: the record mode, where mismatching text goes, and
/// whether obsolete golden files fail the run.
///
/// ```swift
/// let runner = ScenarioRunner(subject: mySubject, snapshots: SnapshotOptions(record: .missing))
/// ```
public struct SnapshotOptions: Sendable, Hashable {
  /// The environment variable that makes obsolete golden files a failure (`1`/`true`).
  public static let failOnObsoleteVariable = "SPEECH_REPLAY_FAIL_ON_OBSOLETE"

  /// When golden files are written.
  public var record: SnapshotRecordMode
  /// The folder the actual text of a mismatching snapshot is written to (relative to the working
  /// directory unless absolute).
  public var artifactsFolder: String
  /// Whether golden files that no step records fail the run (otherwise they are a warning).
  public var failOnObsolete: Bool
  /// A subfolder of each scenario's golden folder for a subject whose UI text differs from the
  /// one the scenarios' golden files were recorded with (the reference stack's); nil for those files.
  public var variant: String?
  /// The command that runs a scenario file, named in the messages that say how to record a golden
  /// file (such as `speech-replay run`); nil names `SPEECH_REPLAY_RECORD` instead.
  public var command: String?

  /// Creates options.
  /// - Parameters:
  ///   - record: When golden files are written (`never` by default).
  ///   - artifactsFolder: Where mismatching text goes (`.build/speech-replay-artifacts`).
  ///   - failOnObsolete: Whether obsolete golden files fail the run.
  ///   - variant: A golden subfolder for another subject's UI text (nil: the scenarios' own files).
  ///   - command: The command named in record hints (nil: the environment variable).
  public init(
    record: SnapshotRecordMode = .never, artifactsFolder: String = ".build/speech-replay-artifacts",
    failOnObsolete: Bool = false, variant: String? = nil,
    command: String? = nil
  ) {
    self.command = command
    self.record = record
    self.artifactsFolder = artifactsFolder
    self.failOnObsolete = failOnObsolete
    self.variant = variant
  }

  /// The options the environment asks for: `SPEECH_REPLAY_RECORD` and `SPEECH_REPLAY_FAIL_ON_OBSOLETE`.
  /// - Parameter environment: The process environment (by default this process's).
  /// - Returns: The options.
  /// - Throws: ``SnapshotError`` when a variable holds a value it cannot take.
  public static func fromEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws(SnapshotError) -> SnapshotOptions {
    var options = SnapshotOptions(record: try SnapshotRecordMode.fromEnvironment(environment) ?? .never)
    if let text = environment[failOnObsoleteVariable], !text.isEmpty {
      switch text.lowercased() {
      case "1", "true", "yes": options.failOnObsolete = true
      case "0", "false", "no": options.failOnObsolete = false
      default:
        throw SnapshotError(
          .invalidSetting, "\(failOnObsoleteVariable) is '\(text)' but must be 1 or 0 (true or false)")
      }
    }
    return options
  }

  /// The options of the environment, or the defaults with the problem kept for the first run to report.
  /// A test scope's record mode (``SnapshotRecordMode/scoped``) wins over the environment's.
  static func environmentOrDefault() -> (options: SnapshotOptions, problem: SnapshotError?) {
    var result: (options: SnapshotOptions, problem: SnapshotError?)
    do {
      result = (try fromEnvironment(), nil)
    } catch {
      result = (SnapshotOptions(), error)
    }
    if let scoped = SnapshotRecordMode.scoped {
      result.options.record = scoped
      if result.problem?.code == .invalidRecordMode { result.problem = nil }
    }
    return result
  }
}
