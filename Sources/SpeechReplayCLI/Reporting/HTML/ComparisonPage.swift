import SpeechReplay

/// `compare --html FILE`: two recorded runs side by side, per scenario and per figure, with the
/// changes ``RunComparison`` finds; regressions in red, other changes in yellow.
///
/// Readable without JavaScript (tables and `<details>`); the index's script adds sorting and
/// filtering of the scenario table.
struct ComparisonPage {
  /// The baseline run's id (the first, when several were given) and its results.
  var baselineID: Int64
  var baseline: [HistoryResult]
  /// The compared run's id and its results.
  var runID: Int64
  var run: [HistoryResult]
  /// What changed.
  var comparison: RunComparison

  /// The page.
  ///
  /// - Returns: A complete HTML document.
  func html() -> String {
    // Scenarios are files (as in RunComparison), shown by name.
    let base = RunComparison.byFile(baseline)
    let changes = Dictionary(grouping: comparison.changes, by: \.scenario)
    let regressions = comparison.regressions.count
    let improvements = comparison.changes.filter { $0.verdict == .improvement }.count
    let current = RunComparison.byFile(run)
    let (names, files) = rows()

    var page = HTMLWriter()
    page.beginDocument(
      title: "run \(runID) against baseline \(baselineID) — speech-replay",
      extraCSS:
        "tr.regressed td{background:#ffebee;color:#b71c1c}tr.changed td{background:#fffde7}tr.improved td{background:#e8f5e9}",
      bodyAttributes: ["data-ready": "0"])
    page.element("h1", text: "Run \(runID) compared with baseline \(baselineID)")
    page.element(
      "p", ["class": "meta", "id": "summary"],
      text:
        "\(regressions) regressions, \(improvements) improvements, \(comparison.changes.count - regressions - improvements) other changes; baseline \(Self.counts(baseline)); run \(Self.counts(run))"
    )
    page.filterBar(
      placeholder: "filter by scenario or change", statuses: ["regressed", "changed", "same"], anyStatus: "every row",
      shown: names.count)
    let rows = Rows(names: names, files: files, baseline: base, run: current, changes: changes)
    scenarioTable(rows, into: &page)
    figureSections(rows, into: &page)
    page.open("script")
    page.raw(HTMLAssets.indexScript)
    page.close("script")
    page.close("body")
    page.close("html")
    page.raw("\n")
    return page.output
  }

  /// The scenarios in page order with what both runs say of each.
  private struct Rows {
    var names: [String]
    var files: [String]
    var baseline: [String: HistoryResult]
    var run: [String: HistoryResult]
    var changes: [String: [RunComparison.Change]]
  }

  /// The table of scenarios: status in both runs, times and changes.
  private func scenarioTable(_ rows: Rows, into page: inout HTMLWriter) {
    let (names, files, base, current, changes) = (rows.names, rows.files, rows.baseline, rows.run, rows.changes)
    page.open("table", ["id": "scenarios"])
    page.tableHead([
      "", "scenario", "baseline status", "run status", "baseline virtual (s)", "run virtual (s)", "baseline wall (s)",
      "run wall (s)", "changes",
    ])
    page.open("tbody")
    for (index, (name, file)) in zip(names, files).enumerated() {
      let scenarioChanges = changes[name] ?? []
      let state =
        scenarioChanges.contains(where: \.isRegression) ? "regressed" : (scenarioChanges.isEmpty ? "same" : "changed")
      page.open("tr", ["data-status": state, "class": state == "same" ? nil : state])
      page.element("td", ["data-sort": String(state == "regressed" ? 0 : state == "changed" ? 1 : 2)], text: state)
      page.open("td")
      page.element("a", ["href": "#scenario-\(index + 1)"], text: name)
      page.close("td")
      page.element("td", text: base[file]?.status.rawValue ?? "absent")
      page.element("td", text: current[file]?.status.rawValue ?? "absent")
      page.element("td", ["class": "num"], text: base[file].map { HTMLWriter.seconds($0.virtualSeconds) } ?? "")
      page.element("td", ["class": "num"], text: current[file].map { HTMLWriter.seconds($0.virtualSeconds) } ?? "")
      page.element("td", ["class": "num wall"], text: base[file].map { HTMLWriter.seconds($0.wallSeconds) } ?? "")
      page.element("td", ["class": "num wall"], text: current[file].map { HTMLWriter.seconds($0.wallSeconds) } ?? "")
      page.element("td", text: scenarioChanges.map(\.summary).joined(separator: "; "))
      page.close("tr")
    }
    page.close("tbody")
    page.close("table")
  }

  /// One section per scenario with every figure in both runs.
  private func figureSections(_ rows: Rows, into page: inout HTMLWriter) {
    let (names, files, base, current, changes) = (rows.names, rows.files, rows.baseline, rows.run, rows.changes)
    page.element("h2", text: "Figures per scenario")
    for (index, (name, file)) in zip(names, files).enumerated() {
      let scenarioChanges = (changes[name] ?? []).sorted { $0.isRegression && !$1.isRegression }
      page.open("details", ["id": "scenario-\(index + 1)", "open": scenarioChanges.isEmpty ? nil : ""])
      page.element("summary", text: "\(name) (\(scenarioChanges.count) changes)")
      page.open("table", ["class": "figures"])
      page.tableHead(["figure", "baseline", "run", "change"])
      page.open("tbody")
      let old = base[file]?.figures ?? [:], new = current[file]?.figures ?? [:]
      for figure in Set(old.keys).union(new.keys).sorted() {
        let change = scenarioChanges.first { Self.figureName(of: $0) == figure }
        page.open(
          "tr",
          ["class": change.map { $0.isRegression ? "regressed" : $0.verdict == .improvement ? "improved" : "changed" }])
        page.element("td", text: figure)
        page.element("td", ["class": "num"], text: old[figure].map { RunIndexPage.figureText($0.value) } ?? "absent")
        page.element("td", ["class": "num"], text: new[figure].map { RunIndexPage.figureText($0.value) } ?? "absent")
        page.element("td", text: change?.summary ?? "")
        page.close("tr")
      }
      page.close("tbody")
      page.close("table")
      page.close("details")
    }
  }

  /// The scenarios as rows (name shown, file), regressed scenarios first in the order of their
  /// largest regression, then the run's order, then the baseline's scenarios the run lacks.
  func rows() -> (names: [String], files: [String]) {
    var files = run.map(\.key)
    for result in baseline where !files.contains(result.key) { files.append(result.key) }
    let base = RunComparison.byFile(baseline), current = RunComparison.byFile(run)
    let label = RunComparison.labels(run + baseline)
    let firstRegression = Dictionary(
      comparison.regressions.enumerated().map { ($0.element.scenario, $0.offset) }, uniquingKeysWith: min)
    let rows = files.map { file in ((current[file] ?? base[file]).map(label) ?? file, file) }.enumerated()
      .sorted {
        (firstRegression[$0.element.0] ?? Int.max, $0.offset) < (firstRegression[$1.element.0] ?? Int.max, $1.offset)
      }
      .map(\.element)
    return (rows.map(\.0), rows.map(\.1))
  }

  /// The figure a change is about, if it is about one.
  static func figureName(of change: RunComparison.Change) -> String? {
    switch change.kind {
    case .virtualFigure(let name, _, _), .wallFigure(let name, _, _, _): name
    default: nil
    }
  }

  /// `3 passed, 1 failed`, with crashes when there are any.
  static func counts(_ results: [HistoryResult]) -> String {
    let passed = results.count { $0.status == .passed }
    let failed = results.count { $0.status == .failed }
    let crashed = results.count { $0.status == .crashed }
    return "\(passed) passed, \(failed) failed" + (crashed > 0 ? ", \(crashed) crashed" : "")
  }
}
