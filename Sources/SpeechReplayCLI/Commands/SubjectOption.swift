import ArgumentParser
import SpeechReplay

/// `--subject NAME`: which of the executable's subjects scenarios run against. `run` takes several
/// (`--subject a --subject b` or `--subject a,b`); the other commands one.
struct SubjectOption: ParsableArguments {
  @Option(
    name: .customLong("subject"),
    help:
      "Run against this subject (by name); `run` takes several, repeated or as a comma list. Default: the first the executable offers."
  )
  var given: [String] = []

  /// The names given, in order, comma lists split.
  var names: [String] {
    given.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
  }

  /// The one name given, or nil for the default (the first of several, which ``factory()`` refuses).
  var name: String? { names.first }

  func validate() throws {
    let known = CLIContext.current.subjects.map(\.name)
    var seen = Set<String>()
    for name in names {
      if name.isEmpty {
        throw ValidationError(
          "--subject has an empty name in '\(given.joined(separator: ","))'; give names separated by commas, such as --subject \(known.prefix(2).joined(separator: ","))"
        )
      }
      do { _ = try CLIContext.current.subject(named: name) } catch { throw ValidationError(error.message) }
      if !seen.insert(name).inserted {
        throw ValidationError("--subject names '\(name)' twice; name each subject once")
      }
    }
  }

  /// The chosen subject, for a command that runs one.
  /// - Throws: `ValidationError` for an unknown name, or when several were given.
  func factory(command: String = "this command") throws -> SubjectFactory {
    if names.count > 1 {
      throw ValidationError(
        "--subject names \(names.count) subjects (\(names.joined(separator: ", "))), but \(command) runs one; give one name, or use `\(CLIContext.current.commandName) run` for several"
      )
    }
    do { return try CLIContext.current.subject(named: name) } catch { throw ValidationError(error.message) }
  }

  /// The chosen subjects, in the order given (the executable's first when none was given).
  /// - Throws: `ValidationError` for an unknown name.
  func factories() throws -> [SubjectFactory] {
    if names.isEmpty { return [try factory()] }
    var factories: [SubjectFactory] = []
    for name in names {
      do { factories.append(try CLIContext.current.subject(named: name)) } catch {
        throw ValidationError(error.message)
      }
    }
    return factories
  }

  /// The engine that runs scenarios against the chosen subject.
  func engine(snapshots: SnapshotOptions? = nil) throws -> ScenarioEngine {
    .runner(ScenarioRunner(subject: try factory(), snapshots: snapshots))
  }
}
