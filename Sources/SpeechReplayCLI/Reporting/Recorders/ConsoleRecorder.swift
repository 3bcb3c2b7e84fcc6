import Foundation
import SpeechReplay

/// The console as a recorder: one ``ConsoleReporter`` per subject (a progress line on a terminal, a
/// line per scenario otherwise), then the failures in full and the summary line.
final class ConsoleRecorder: RunRecorder {
  private let scenarios: [PlannedScenario]
  private var consoles: [ConsoleReporter] = []

  /// Creates the console of a planned run.
  init(scenarios: [PlannedScenario]) { self.scenarios = scenarios }

  func record(_ event: RunEvent) {
    switch event {
    case .subjectStarted(let subject):
      let console = ConsoleReporter(
        style: isatty(STDOUT_FILENO) == 1 ? .progress : .plain, scenarios: scenarios, subject: subject
      ) { text in
        StandardStream.output.write(text)
      }
      consoles.append(console)
      if subject != nil { console.header() }
    case .scenarioStarted(let index): consoles.last?.started(index)
    case .scenarioFinished(let index, let result): consoles.last?.finished(index, result)
    case .subjectFinished(_, let results): consoles.last?.finishSubject(RunSummary(results: results))
    }
  }

  /// For one subject its failures in full (on a terminal) and the summary; for several (each
  /// already closed with its own line) the summary of all.
  func finish(_ run: FinishedRun) -> Bool {
    if !run.several, let console = consoles.first {
      console.finish(run.summary)
    } else {
      StandardStream.output.write(run.summary.line + "\n")
    }
    return true
  }
}
