import ArgumentParser
import AudioPCM
import Foundation
import SpeechReplay

/// `speech-replay explain SCENARIO [--seed N] [--subject NAME] [--kinds K,…] [--from T] [--to T]
/// [--grep TEXT] [--around-failure]`: runs one scenario and prints its timeline, or the part asked for.
struct ExplainCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "explain",
    abstract: "Run one scenario in this process and print its event timeline in readable form.",
    discussion: """
      The filters keep the header and failures and print only matching events: --kinds takes kinds or parts of them \
      (ui,result matches ui.state and analyzer.result), --from/--to virtual seconds (2, 2.5s, 500ms), --grep text in \
      the event's line (ignoring case), --around-failure the events within 1 s of the first failure.
      """)

  @Argument(help: "The scenario file.")
  var scenario: String

  @Option(parsing: .unconditional, help: "Use this seed (0 to 18446744073709551615) instead of the scenario's own.")
  var seed: UInt64?

  @OptionGroup var subject: SubjectOption

  @Option(help: "Print only events of these kinds (comma-separated; a part of a kind matches, like ui or result).")
  var kinds: String?

  @Option(help: "Print only events at or after this virtual time (2, 2.5s, 500ms).")
  var from: String?

  @Option(help: "Print only events at or before this virtual time.")
  var to: String?

  @Option(help: "Print only events whose line contains this text (ignoring case).")
  var grep: String?

  @Flag(help: "Print only the events within 1 s of the first failure.")
  var aroundFailure = false

  @Option(
    help: "Also write the run's timeline as a Perfetto / chrome://tracing trace (Trace Event Format JSON) to this file."
  )
  var perfetto: String?

  @Flag(
    help:
      "Write --perfetto even to a name that looks like an audio, scenario, capture or database file (never onto the scenario)."
  )
  var force = false

  func validate() throws {
    _ = try subject.factory(command: "explain")
    // A file that is not there is a usage error (64); a file that is there but invalid is status 1.
    try PathCheck.checkReadable(scenario)
    if let perfetto {
      // The scenario and the files it names are inputs; a loader error is reported by run() (status 1).
      var outputs = OutputPaths()
      outputs.input(scenario, what: "the scenario")
      if let loaded = try? Scenario.load(fileAt: scenario) {
        outputs.inputs(loaded.namedFiles, what: "a file the scenario reads")
      }
      try outputs.checkReport(perfetto, option: "--perfetto", force: force)
    }
    _ = try filter()
  }

  func run() throws {
    do {
      let filter = try self.filter()
      if let perfetto {
        // Parsed once: the run and the trace's scenario lane read the same value.
        let loaded = try Scenario.load(fileAt: scenario)
        let run = ScenarioRunner(subject: try subject.factory()).replay(loaded, seed: seed)
        try writeTrace(
          PerfettoTrace(
            result: run.result, scenario: loaded, timeline: run.timeline, mainActorJobs: run.mainActorJobs),
          to: perfetto)
        // Text from the scenario (names, results) reaches the terminal with its control characters visible.
        print(ConsoleText.visible(Self.filtered(run, scenario: loaded, filter: filter), limit: .max), terminator: "")
        return
      }
      guard filter.isActive else {
        print(ConsoleText.visible(try subject.engine().explain(scenario, seed), limit: .max), terminator: "")
        return
      }
      let loaded = try Scenario.load(fileAt: scenario)
      let run = ScenarioRunner(subject: try subject.factory()).replay(loaded, seed: seed)
      print(ConsoleText.visible(Self.filtered(run, scenario: loaded, filter: filter), limit: .max), terminator: "")
    } catch let error as ValidationError {
      throw error
    } catch {
      Failure.printError(error)
      throw ExitCode(Failure.exitCode)
    }
  }

  private func writeTrace(_ trace: PerfettoTrace, to path: String) throws {
    do {
      try FileReplacement.write(try trace.encoded(), to: path)
    } catch {
      throw OrchestrationError(
        .unwritableReport,
        "\(path): cannot write the trace (\(Failure.line(for: error))); check that its folder exists and is writable")
    }
  }

  /// The filter the options describe.
  func filter() throws -> ExplainFilter {
    do {
      var filter = ExplainFilter()
      filter.kinds = (kinds ?? "").split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter
      { !$0.isEmpty }
      filter.from = try from.map { try ExplainFilter.seconds($0, option: "--from") }
      filter.to = try to.map { try ExplainFilter.seconds($0, option: "--to") }
      // A window that ends before it starts prints no event at all, as if nothing had happened.
      if let start = filter.from, let end = filter.to, end < start {
        throw ValidationError(
          "--to \(to ?? "") is before --from \(from ?? ""); give a window that ends after it starts")
      }
      filter.grep = grep
      filter.aroundFailure = aroundFailure ? ExplainFilter.failureNeighbourhood : nil
      return filter
    } catch let error as ExplainFilterError {
      throw ValidationError(error.message)
    }
  }

  /// The header, failures and audio figures as `explain` prints them, then the matching events.
  static func filtered(_ run: ScenarioRun, scenario: Scenario, filter: ExplainFilter) -> String {
    let result = run.result
    var text =
      "scenario: \(ConsoleText.value(result.name, limit: .max))\nfile: \(ConsoleText.value(result.file, limit: .max))\nseed: \(result.seed)\nstatus: \(result.status.rawValue)\n"
    if !result.traceHash.isEmpty {
      text += "trace hash: \(result.traceHash)\nvirtual time: \(HTMLWriter.seconds(result.virtualSeconds))s\n"
    }
    let end = max(run.timeline.events.last.map { $0.time.seconds } ?? 0, result.virtualSeconds)
    let times = result.failures.map { $0.virtualTime ?? end }
    for (failure, time) in zip(result.failures, times) {
      text += "failure at \(HTMLWriter.seconds(time))s: \(failure)\n"
    }
    text += AudioExcuse.explanation(of: result.figures)
    if filter.aroundFailure != nil, times.isEmpty { text += "no failure: --around-failure prints no events\n" }
    let events = filter.apply(to: run.timeline, failureTime: times.first)
    if let unmatched = filter.unmatchedKinds(in: run.timeline) { text += unmatched + "\n" }
    text += "timeline (\(events.count) of \(run.timeline.events.count) events):\n" + Timeline(events: events).rendered
    return text
  }
}
