import SpeechReplay

/// What changed between a baseline run (or several) and a run, per scenario, and whether each
/// change is a regression: status, membership, edited and renamed files, trace hash, virtual-time
/// figures judged by their rule (``FigureRule``: which way is worse, a tolerance), wall-clock
/// figures through a ``NoiseThreshold`` over the baseline runs.
///
/// ```swift
/// let comparison = RunComparison(baseline: [try store.results(ofRun: 3)], run: try store.results(ofRun: 7))
/// if comparison.hasRegressions { print(comparison.rendered) }
/// ```
package struct RunComparison: Sendable {
  /// Every change found, in the run's scenario order (``ordered`` has regressions first).
  package var changes: [Change]

  /// Compares a run with one or more baseline runs.
  ///
  /// Scenarios are matched by file (two files may hold scenarios of one name: an explored
  /// scenario and its reproducer, a copy in another folder) and shown by name, with the file when
  /// another scenario of the run has that name. Status, trace hash and virtual figures are compared
  /// with the first baseline run; wall figures with the samples of all baseline runs. A baseline
  /// scenario the run lacks is renamed when a new file of the run has its content, missing (a
  /// regression) when the run covered its file, and not run otherwise.
  ///
  /// - Parameters:
  ///   - baseline: The baseline runs' results (at least one run).
  ///   - run: The results of the run under comparison.
  ///   - threshold: When a wall-clock figure counts as changed.
  ///   - tolerances: `--tolerance` overrides of the figures' declared tolerances.
  ///   - covers: Whether the run covered a scenario file (its paths named it); by default every file.
  package init(
    baseline: [[HistoryResult]], run: [HistoryResult], threshold: NoiseThreshold = NoiseThreshold(),
    tolerances: [ToleranceOverride] = [], covers: (String) -> Bool = { _ in true }
  ) {
    var changes: [Change] = []
    let all = baseline.map(Self.byFile)
    let first = all.first ?? [:]
    let label = Self.labels(run + (baseline.first ?? []))
    let renames = Self.renames(baseline: baseline.first ?? [], run: run)
    for result in run {
      let name = label(result)
      guard let base = first[result.key] ?? renames[result.key].flatMap({ first[$0] }) else {
        changes.append(Change(scenario: name, kind: .added))
        continue
      }
      if base.key != result.key {
        changes.append(Change(scenario: name, kind: .renamed(from: base.file, to: result.file)))
      }
      if let edited = Self.edited(base, result) { changes.append(Change(scenario: name, kind: .edited(what: edited))) }
      if base.status != result.status {
        changes.append(Change(scenario: name, kind: .status(from: base.status, to: result.status)))
      }
      if base.traceHash != result.traceHash {
        changes.append(Change(scenario: name, kind: .traceHash(from: base.traceHash, to: result.traceHash)))
      }
      let samples = { (figure: String) in all.compactMap { $0[base.key]?.figures[figure]?.value } }
      changes += Self.figureChanges(
        base, result, name: name, samples: samples, threshold: threshold, tolerances: tolerances)
    }
    let files = Set(run.map(\.key))
    let renamed = Set(renames.values)
    for base in baseline.first ?? [] where !files.contains(base.key) && !renamed.contains(base.key) {
      changes.append(Change(scenario: label(base), kind: covers(base.file) ? .removed : .notRun))
    }
    self.changes = changes
  }

  /// The figure changes of one scenario: virtual figures by their rule, wall figures by the noise band.
  static func figureChanges(
    _ base: HistoryResult, _ result: HistoryResult, name: String, samples: (String) -> [Double],
    threshold: NoiseThreshold, tolerances: [ToleranceOverride]
  ) -> [Change] {
    var changes: [Change] = []
    for figureName in Set(base.figures.keys).union(result.figures.keys).sorted() {
      let old = base.figures[figureName]
      let new = result.figures[figureName]
      let rule = ToleranceOverride.rule(tolerances, figure: figureName, of: result)
      switch new?.kind ?? old?.kind ?? .virtual {
      case .virtual:
        // Virtual time is exact: any difference is reported; the rule says whether it is a regression.
        if old?.value != new?.value {
          changes.append(
            Change(
              scenario: name, kind: .virtualFigure(name: figureName, from: old?.value, to: new?.value), rule: rule))
        }
      case .wall:
        guard let new else { continue }
        let samples = samples(figureName)
        guard threshold.direction(of: new.value, against: samples) != 0 else { continue }
        let mean = samples.reduce(0, +) / Double(samples.count)
        let kind = Change.Kind.wallFigure(
          name: figureName, baseline: mean, value: new.value, allowed: threshold.allowedRelativeChange(samples: samples)
        )
        changes.append(Change(scenario: name, kind: kind, rule: rule))
      }
    }
    return changes
  }

  /// What changed in a scenario's inputs between two results, when both recorded fingerprints.
  static func edited(_ base: HistoryResult, _ result: HistoryResult) -> String? {
    var what: [String] = []
    if let old = base.fileHash, let new = result.fileHash, old != new { what.append("the scenario file") }
    if let old = base.audioHash, let new = result.audioHash, old != new { what.append("its audio") }
    return what.isEmpty ? nil : what.joined(separator: " and ")
  }

  /// New keys of the run whose file content is a vanished baseline file's: new key → baseline key.
  static func renames(baseline: [HistoryResult], run: [HistoryResult]) -> [String: String] {
    let runKeys = Set(run.map(\.key))
    let baseKeys = Set(baseline.map(\.key))
    var vanished: [String: String] = [:]
    for base in baseline where !runKeys.contains(base.key) {
      if let hash = base.fileHash {
        vanished[(base.subject ?? "") + hash] = vanished[(base.subject ?? "") + hash] ?? base.key
      }
    }
    var renames: [String: String] = [:]
    for result in run where !baseKeys.contains(result.key) {
      guard let hash = result.fileHash, let old = vanished.removeValue(forKey: (result.subject ?? "") + hash) else {
        continue
      }
      renames[result.key] = old
    }
    return renames
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

  /// The regressions, largest first.
  package var regressions: [Change] {
    changes.enumerated().filter { $0.element.isRegression }.sorted {
      $0.element.size != $1.element.size ? $0.element.size > $1.element.size : $0.offset < $1.offset
    }.map(\.element)
  }

  /// Regressions (largest first), then improvements, then the other changes, each group in the run's order.
  package var ordered: [Change] {
    regressions + changes.filter { $0.verdict == .improvement } + changes.filter { $0.verdict == .change }
  }

  /// The changes as text, one line each under a heading per verdict, regressions first and
  /// largest first; or a line saying nothing changed.
  package var rendered: String {
    if changes.isEmpty { return "no changes\n" }
    let edited = Set(changes.filter { if case .edited = $0.kind { true } else { false } }.map(\.scenario))
    var text = ""
    let groups: [(FigureRule.Verdict, String, String)] = [
      (.regression, "regressions", "REGRESSED"), (.improvement, "improvements", "improved "),
      (.change, "other changes", "changed  "),
    ]
    for (verdict, heading, mark) in groups {
      let group = ordered.filter { $0.verdict == verdict }
      guard !group.isEmpty else { continue }
      text += "\(heading) (\(group.count))\(verdict == .regression ? ", largest first" : ""):\n"
      for change in group {
        let note =
          verdict == .regression && edited.contains(change.scenario)
          ? " [the scenario's inputs changed between the runs]" : ""
        text += "  \(mark)  \(change.scenario): \(change.summary)\(note)\n"
      }
    }
    return text
  }
}
