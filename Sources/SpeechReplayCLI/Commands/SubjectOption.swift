import ArgumentParser
import SpeechReplay

/// `--subject NAME`: which of the executable's subjects scenarios run against.
struct SubjectOption: ParsableArguments {
  @Option(
    name: .customLong("subject"), help: "Run against this subject (by name). Default: the first the executable offers.")
  var name: String?

  func validate() throws {
    do { _ = try CLIContext.current.subject(named: name) } catch { throw ValidationError(error.message) }
  }

  /// The chosen subject.
  func factory() throws -> SubjectFactory {
    do { return try CLIContext.current.subject(named: name) } catch { throw ValidationError(error.message) }
  }

  /// The engine that runs scenarios against the chosen subject.
  func engine(snapshots: SnapshotOptions? = nil) throws -> ScenarioEngine {
    .runner(ScenarioRunner(subject: try factory(), snapshots: snapshots))
  }
}
