import SpeechReplay

/// What changed between a baseline run (or several) and a run, per scenario: status, trace hash,
/// virtual-time figures compared exactly, wall-clock figures through a ``NoiseThreshold``.
///
/// ```swift
/// let comparison = RunComparison(baseline: [try store.results(ofRun: 3)], run: try store.results(ofRun: 7))
/// if comparison.hasRegressions { print(comparison.rendered) }
/// ```
package struct RunComparison: Sendable {
  /// Every change found, in the run's scenario order.
  package var changes: [Change]

  /// Compares a run with one or more baseline runs.
  ///
  /// Scenarios are matched by file (two files may hold scenarios of one name: an explored
  /// scenario and its reproducer, a copy in another folder) and shown by name, with the file when
  /// another scenario of the run has that name. Status, trace hash and virtual figures are compared
  /// with the first baseline run; wall figures with the samples of all baseline runs.
  ///
  /// - Parameters:
  ///   - baseline: The baseline runs' results (at least one run).
  ///   - run: The results of the run under comparison.
  ///   - threshold: When a wall-clock figure counts as changed.
  package init(baseline: [[HistoryResult]], run: [HistoryResult], threshold: NoiseThreshold = NoiseThreshold()) {
    var changes: [Change] = []
    let all = baseline.map(Self.byFile)
    let first = all.first ?? [:]
    let label = Self.labels(run + (baseline.first ?? []))
    for result in run {
      let name = label(result)
      guard let base = first[result.key] else {
        changes.append(Change(scenario: name, kind: .added))
        continue
      }
      if base.status != result.status {
        changes.append(Change(scenario: name, kind: .status(from: base.status, to: result.status)))
      }
      if base.traceHash != result.traceHash {
        changes.append(Change(scenario: name, kind: .traceHash(from: base.traceHash, to: result.traceHash)))
      }
      for figureName in Set(base.figures.keys).union(result.figures.keys).sorted() {
        let old = base.figures[figureName]
        let new = result.figures[figureName]
        let kind = new?.kind ?? old?.kind ?? .virtual
        switch kind {
        case .virtual:
          // Virtual time is exact: the same scenario and seed give the same value, so any difference is a change.
          if old?.value != new?.value {
            changes.append(
              Change(scenario: name, kind: .virtualFigure(name: figureName, from: old?.value, to: new?.value)))
          }
        case .wall:
          guard let new else { continue }
          let samples = all.compactMap { $0[result.key]?.figures[figureName]?.value }
          let direction = threshold.direction(of: new.value, against: samples)
          if direction != 0 {
            let mean = samples.reduce(0, +) / Double(samples.count)
            changes.append(
              Change(
                scenario: name,
                kind: .wallFigure(
                  name: figureName, baseline: mean, value: new.value,
                  allowed: threshold.allowedRelativeChange(samples: samples))))
          }
        }
      }
    }
    let files = Set(run.map(\.key))
    for base in baseline.first ?? [] where !files.contains(base.key) {
      changes.append(Change(scenario: label(base), kind: .removed))
    }
    self.changes = changes
  }

  /// Results by scenario file (and subject, in a run of several: ``HistoryResult/key``); the first
  /// of a repeated one wins.
  static func byFile(_ results: [HistoryResult]) -> [String: HistoryResult] {
    var byFile: [String: HistoryResult] = [:]
    for result in results where byFile[result.key] == nil { byFile[result.key] = result }
    return byFile
  }

  /// How a result is shown: its name, and its file too when another file has a scenario of that
  /// name; `[subject]` after it in a run of several subjects.
  static func labels(_ results: [HistoryResult]) -> (HistoryResult) -> String {
    var files: [String: Set<String>] = [:]
    for result in results { files[result.name, default: []].insert(result.file) }
    return { result in
      let name = (files[result.name]?.count ?? 0) > 1 ? "\(result.name) (\(result.file))" : result.name
      return name + (result.subject.map { " [\($0)]" } ?? "")
    }
  }

  /// Whether any change is a regression (what `compare` exits non-zero for).
  package var hasRegressions: Bool { changes.contains(where: \.isRegression) }

  /// The changes as text, one line each, regressions marked; or a line saying nothing changed.
  package var rendered: String {
    if changes.isEmpty { return "no changes\n" }
    return changes.map { "\($0.isRegression ? "REGRESSED" : "changed  ")  \($0.scenario): \($0.summary)\n" }.joined()
  }
}
