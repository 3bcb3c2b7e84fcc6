import ArgumentParser
import AudioPCM
import Foundation
import SpeechReplay

/// The documented `SPEECH_REPLAY_*` variables, checked once in the parent before any command
/// works (and so before any worker starts): a value a variable cannot take is one usage error
/// (exit 64) naming the variable, its value and what it takes, instead of every scenario failing
/// or crashing in its worker.
///
/// Internal variables the parent sets for its workers (`SPEECH_REPLAY_PARENT_PID`,
/// `SPEECH_REPLAY_WORKER_FOLDER`, `SPEECH_REPLAY_CAPTURE_NAME`) are not checked here. Variables
/// only the subjects know (the bug zoo's fault list, whose names only the reference subjects know)
/// are checked by the subjects' own check (``CLIContext/checkEnvironment``), here too.
enum EnvironmentCheck {
  /// Checks every documented variable that is set.
  /// - Throws: `ValidationError` with one line for the first bad value.
  static func validate(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws {
    do {
      _ = try SnapshotOptions.fromEnvironment(environment)
    } catch {
      throw ValidationError("\(ConsoleText.value("\(error)", limit: 300)); fix or unset the variable")
    }
    do {
      try CLIContext.current.checkEnvironment(environment)
    } catch {
      throw ValidationError(ConsoleText.value("\(error)", limit: 2_000))
    }
    for (name, accepts, takes) in rules {
      guard let value = environment[name], !value.isEmpty else { continue }
      guard accepts(value) else {
        throw ValidationError(
          "\(name) is '\(ConsoleText.value(value))', but it takes \(takes); fix or unset the variable")
      }
    }
  }

  private static let rules: [(String, @Sendable (String) -> Bool, String)] = [
    (
      "SPEECH_REPLAY_RESAMPLER", { SampleRateConverter.Engine(rawValue: $0) != nil },
      "soxr or libsamplerate"
    ),
    (
      "SPEECH_REPLAY_MAIN_ACTOR_HANG", { DurationText.parse($0).map { $0 > .zero } == true },
      "a duration longer than 0 such as 250ms or 5s"
    ),
    (
      "SPEECH_REPLAY_TRACE_EVENTS_IN_MEMORY", { Int($0).map { $0 >= 1 } == true },
      "a whole number of events, at least 1 (32768 by default)"
    ),
  ]
}
