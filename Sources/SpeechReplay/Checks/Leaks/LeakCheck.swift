/// `expect.leaks`: the leak check of the cycle step with the most passes — per-type live counts and
/// the ledger across windows of cycles (`leak.ledger`, `leak.object`), and the heap (`leak.heap`).
struct LeakCheck: ScenarioCheck {
  var family: CheckID.Family { .leak }
  /// The check's settings (defaults when the scenario has no `leaks:`).
  var leaks: Scenario.Leaks

  /// The heap's growth per cycle: measured on the machine, so compared with the noise threshold.
  static let heapFigure = "leak.heapBytesPerCycle"

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    let cycles = run.output.cycles
    let byLine = Dictionary(grouping: cycles, by: \.line)
    guard
      let (line, passes) = byLine.max(by: {
        $0.value.count < $1.value.count || ($0.value.count == $1.value.count && $0.key > $1.key)
      })
    else {
      return .passed
    }
    let check = leaks
    let snapshots = passes.compactMap(\.ledger)
    let window = check.isExplicit ? check.window : min(check.window, (snapshots.count - 1) / 2)
    let location = check.location ?? SourceLocation(file: run.scenario.file, line: line, column: 1)
    let end = passes.last.map { DurationText.seconds($0.ended) }
    guard window >= 1, let analysis = LeakAnalysis(snapshots, window: window) else {
      guard check.isExplicit else { return .passed }
      return CheckOutcome(failures: [
        ScenarioFailure(
          "the leak check needs at least \(2 * check.window + 1) passes of the cycle (two windows of \(check.window) after the first) but \(snapshots.count) ran; raise the cycle's count or lower leaks.window",
          check: CheckID(.leak, "passes"), at: location)
      ])
    }
    var figures = [
      Figure("leak.passes", Double(snapshots.count), unit: .count),
      Figure("leak.window", Double(analysis.window), unit: .count),
      Figure(Self.heapFigure, analysis.heapBytesPerCycle, unit: .bytes, clock: .wall),
    ]
    var failures: [ScenarioFailure] = []
    // Live-object counts are process-wide; without an explicit `leaks:` expectation only the run's own
    // ledger resources are judged, so other work in the same process (parallel tests) cannot look like a leak.
    for growth in analysis.leaks {
      figures.append(Figure("leak.\(growth.name).perCycle", growth.perCycle, unit: .count))
    }
    for growth in analysis.leaks where check.isExplicit || growth.kind != .object {
      failures.append(
        ScenarioFailure(
          "leak across \(snapshots.count) cycles: \(growth) and grew in each of \(analysis.windows) windows of \(analysis.window) cycles; something started in a cycle is never released — release it in stop() (finish the analyzer, remove the tap, cancel tasks, drop references)",
          check: CheckID(.leak, growth.kind == .object ? "object" : "ledger"), at: location, virtualTime: end,
          trap:
            "the stack leaks on stop; stop the engine, remove the tap, finish the analyzer and end every task it started"
        ))
    }
    let heapLimit = check.heapBytesPerCycle ?? (check.isExplicit ? Scenario.Leaks.defaultHeapBytesPerCycle : nil)
    if let heapLimit, analysis.heapGrowsInEveryWindow, analysis.heapBytesPerCycle > Double(heapLimit) {
      failures.append(
        ScenarioFailure(
          "leak across \(snapshots.count) cycles: the heap grew in each of \(analysis.windows) windows of \(analysis.window) cycles, by \(Int(analysis.heapBytesPerCycle)) bytes per cycle, more than heapBytesPerCycle \(heapLimit); find what each cycle keeps (buffers, results, observers), or raise the limit",
          check: CheckID(.leak, "heap"), at: location, virtualTime: end))
    }
    return CheckOutcome(figures: figures, failures: failures)
  }
}
