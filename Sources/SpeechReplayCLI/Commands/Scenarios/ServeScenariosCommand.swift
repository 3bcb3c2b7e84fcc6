import ArgumentParser
import Foundation
import SpeechReplay

/// `speech-replay serve-scenarios` (hidden): a reused worker. Reads requests from standard input,
/// one a line, each a JSON array of `run-scenario`'s arguments; runs each scenario in this process
/// exactly as `run-scenario` would, prints what it would print (its result line last), then
/// ``WorkerCommand/endOfReply`` on a line of its own. It ends at the end of its input.
///
/// The parent (``ReusableWorker``) replaces a worker that dies mid-request, so a scenario that traps
/// or hangs still fails alone; every run builds its simulation, device and subject afresh, so the
/// same scenario and seed give the same trace hash here as in a fresh process (what
/// `run --check-determinism` checks: its first pass reuses workers, its second starts one per scenario).
/// A run that leaves objects alive after it ends (``RunLeftovers``: a subject its own tap block or
/// observer keeps) is followed by ``WorkerCommand/retireRequest``, and the parent replaces this worker.
struct ServeScenariosCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: WorkerCommand.serveSubcommand,
    abstract: "Run the scenarios named on standard input, one request a line, in this process (the reused worker).",
    shouldDisplay: false)

  func run() throws {
    ParentWatch.startInWorker(watchingInput: false)
    ScenarioWorker.prepareOutput()
    var parsed: [[String]: RunScenarioCommand] = [:]
    // At the end of the input (the parent is done with this worker, or gone) the process ends.
    ParentWatch.serveRequests { line in
      var leftObjects = false
      do {
        guard let arguments = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String] else {
          throw ValidationError("a request is a JSON array of run-scenario's arguments (got \(line.prefix(200)))")
        }
        // Requests differ in their file (the first argument) and rarely in the rest: parse the
        // rest once (ArgumentParser costs about as much as a short scenario's checks).
        guard let file = arguments.first else { throw ValidationError("a request names a scenario file first") }
        let options = Array(arguments.dropFirst())
        var command = try parsed[options] ?? RunScenarioCommand.parse(arguments)
        if parsed.count < 16 { parsed[options] = command }
        command.file = file
        leftObjects = try command.runHere()
      } catch {
        StandardStream.error.write(
          "\(CLIContext.current.commandName) \(WorkerCommand.serveSubcommand): \(RunScenarioCommand.message(for: error))\n"
        )
      }
      // What the run left alive cannot be reset from here (RunLeftovers): the parent replaces this worker.
      if leftObjects { print(WorkerCommand.retireRequest) }
      // Standard output is line-buffered (prepareOutput): the line reaches the parent now.
      print(WorkerCommand.endOfReply)
    }
  }
}
