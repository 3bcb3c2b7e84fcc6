import ArgumentParser
import SpeechReplay

/// `speech-replay list [PATH...]`: one line per scenario, name and file; invalid files reported.
struct ListCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "List scenario files with their names.",
    discussion:
      "Each invalid file is reported on standard error with its file:line:column message; the exit status is then 1.")

  @Argument(help: "Scenario files or folders (searched recursively for *.yaml and *.yml). Default: Scenarios.")
  var paths: [String] = []

  func run() throws {
    let files: [String]
    do {
      files = try ScenarioDiscovery.files(in: paths.isEmpty ? ["Scenarios"] : paths)
    } catch {
      Failure.printError(error)
      throw ExitCode.validationFailure
    }
    var invalid = 0
    for file in files {
      do {
        // One line per scenario whatever its name holds (a line break, an escape sequence).
        let name = try Scenario.load(fileAt: file).name
        print("\(ConsoleText.value(name, limit: .max)) (\(ConsoleText.value(file, limit: .max)))")
      } catch {
        invalid += 1
        Failure.printError(error)
      }
    }
    if invalid > 0 { throw ExitCode(Failure.exitCode) }
  }
}
