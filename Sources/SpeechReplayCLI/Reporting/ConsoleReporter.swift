import SpeechReplay

/// What `speech-replay run` prints while it runs: a progress line that updates in place on a
/// terminal, or a plain log of one line per scenario otherwise; then the summary line.
///
/// The plain log is written in suite order whatever order workers finish in: a result is held
/// back until every scenario before it has reported. Not thread-safe: call it from one task.
package final class ConsoleReporter {
  /// How results are shown.
  package enum Style: Sendable, Hashable {
    /// A progress line rewritten in place (for a terminal), then the failures in full.
    case progress
    /// One line per scenario, in suite order, with the failure lines after a failed one (for logs).
    case plain
  }

  /// How results are shown.
  package let style: Style
  private let scenarios: [PlannedScenario]
  /// The subject these results are for, when the run has several; nil otherwise.
  private let subject: String?
  private let write: (String) -> Void
  private var results: [ScenarioResult?]
  private var nextToPrint = 0
  private var running: Set<Int> = []
  private var progressShown = false

  /// Creates a reporter for a planned run.
  ///
  /// - Parameters:
  ///   - style: Progress line or plain log.
  ///   - scenarios: The scenarios, in suite order.
  ///   - subject: The subject these results are for, when the run has several; nil otherwise.
  ///   - write: Where text goes (standard output in the CLI); it receives text without a trailing newline added.
  package init(
    style: Style, scenarios: [PlannedScenario], subject: String? = nil, write: @escaping (String) -> Void
  ) {
    self.style = style
    self.scenarios = scenarios
    self.subject = subject
    self.write = write
    results = Array(repeating: nil, count: scenarios.count)
  }

  /// Notes that a scenario's worker started.
  ///
  /// - Parameter index: The scenario's index in suite order.
  package func started(_ index: Int) {
    running.insert(index)
    if style == .progress { showProgress() }
  }

  /// Notes a scenario's result.
  ///
  /// - Parameters:
  ///   - index: The scenario's index in suite order.
  ///   - result: Its result.
  package func finished(_ index: Int, _ result: ScenarioResult) {
    running.remove(index)
    var result = result
    if result.subject == nil { result.subject = subject }
    results[index] = result
    switch style {
    case .progress:
      showProgress()
    case .plain:
      while nextToPrint < results.count, let ready = results[nextToPrint] {
        write(Self.lines(for: ready).joined(separator: "\n") + "\n")
        nextToPrint += 1
      }
    }
  }

  /// The line that opens a subject's results in a run of several: `== subject NAME (N scenarios)`.
  package func header() {
    write("== subject \(subject ?? "default") (\(scenarios.count) scenario\(scenarios.count == 1 ? "" : "s"))\n")
  }

  /// Ends one subject's part of a run of several: on a terminal clears the progress line and prints
  /// every failure in full; then `subject NAME: N passed, M failed…`.
  ///
  /// - Parameter summary: The subject's counts.
  package func finishSubject(_ summary: RunSummary) {
    printFailuresInFull()
    write("subject \(subject ?? "default"): \(summary.line)\n")
  }

  /// Ends the output: on a terminal clears the progress line and prints every failure in full;
  /// then the summary line.
  ///
  /// - Parameter summary: The run's counts.
  package func finish(_ summary: RunSummary) {
    printFailuresInFull()
    write(summary.line + "\n")
  }

  private func printFailuresInFull() {
    guard style == .progress else { return }
    if progressShown { write("\r\u{1B}[2K") }
    progressShown = false
    for result in results.compactMap({ $0 }) where [.failed, .crashed, .timedOut].contains(result.status) {
      write(Self.lines(for: result).joined(separator: "\n") + "\n")
    }
  }

  /// The log lines of one result: `PASS name (file) 0.12 s`, or `FAIL …` / `CRASH …` followed by
  /// its `file:line:column: message` lines and, for a crash, the worker's output indented.
  ///
  /// - Parameter result: The result.
  /// - Returns: The lines, without line breaks.
  package static func lines(for result: ScenarioResult) -> [String] {
    let label =
      switch result.status {
      case .passed: "PASS"
      case .failed: "FAIL"
      case .crashed: "CRASH"
      case .skipped: "SKIP"
      case .timedOut: "TIMEOUT"
      }
    // The result's line is one line whatever the name, file or subject hold: a line break in a
    // name (`name: "x\nPASS fake (y.yaml) 0.1 s"`) would print a line of its own, a fake result.
    let one = { (text: String) in ConsoleText.value(text, limit: ConsoleText.lineLimit) }
    let subject = result.subject.map { " [\(one($0))]" } ?? ""
    var lines = [
      "\(label) \(one(result.name)) (\(one(result.file)))\(subject) \(JUnitReport.seconds(result.wallSeconds).dropLast()) s"
    ]
    lines += result.failures.map(\.description)
    lines += result.warnings.map { "warning: \($0)" }
    // A worker that died (or was killed) has only its raw output to explain it: show it whole.
    let died = result.status == .crashed || result.status == .timedOut
    if !died {
      lines += result.output.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.map(String.init)
    }
    if died, !result.output.isEmpty {
      lines += result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
        result.output.hasSuffix("\n") ? 1 : 0
      )
      .map { "    | \($0)" }
    }
    return lines.map { ConsoleText.visible($0) }
  }

  private func showProgress() {
    let done = results.count { $0 != nil }
    let failed = results.count { [.failed, .crashed, .timedOut].contains($0?.status) }
    let skipped = results.count { $0?.status == .skipped }
    let names = running.sorted().prefix(2).map { ConsoleText.value(scenarios[$0].name) }.joined(separator: ", ")
    var line = "[\(done)/\(scenarios.count)] \(done - failed - skipped) passed, \(failed) failed"
    if skipped > 0 { line += ", \(skipped) skipped" }
    if !names.isEmpty { line += " — running \(names)" }
    // Keep the line shorter than a typical terminal so the carriage return rewrites it in place.
    if line.count > 100 { line = String(line.prefix(99)) + "…" }
    write("\r\u{1B}[2K" + line)
    progressShown = true
  }
}
