import Foundation
import SpeechReplay

/// `history --html FILE`: the last runs of the history as trends, per scenario and per key figure
/// a small chart of its values run after run, each run named by its label (`run --label`, by
/// default its commit), and a table of what changed when.
///
/// Change points, not raw noise: each run is compared with the runs before it exactly as
/// `compare --baseline PREVIOUS --baseline …` compares them (``RunComparison``, so virtual figures
/// by their rule and tolerance, wall-clock figures through the noise band, with up to
/// ``baselineWindow`` earlier runs as the band's samples). A point is red where that comparison
/// finds a regression, green where it finds an improvement, yellow where it finds another change.
/// Scenarios with a regression come first, newest regression first; every chart starts at zero,
/// so a point's height is its size, and a wall-clock figure's noise band is drawn behind its line.
///
/// ```swift
/// let page = TrendPage(runs: runs, results: try runs.map { try store.results(ofRun: $0.id) })
/// try Data(page.html().utf8).write(to: URL(fileURLWithPath: "trends.html"))
/// ```
struct TrendPage {
  /// The runs, oldest first.
  var runs: [HistoryRun]
  /// Each run's results, in the order of `runs`.
  var results: [[HistoryResult]]
  /// `--tolerance` overrides, as `compare` takes them.
  var tolerances: [ToleranceOverride] = []

  /// How many earlier runs serve as a run's baseline samples (the first of them for exact figures).
  static let baselineWindow = 5

  /// The figures charted for every scenario that has them, in this order; any other figure is
  /// charted too for a scenario where it changed.
  static let keyFigures = [
    "latency.firstVolatile.p50", "latency.final.p50", "latency.modelReady.p50", "latency.stopToIdle.p50", "wallSeconds",
  ]

  /// A change found in run `run` (an index into ``runs``).
  struct Mark {
    var run: Int
    var change: RunComparison.Change
  }

  /// Every change, each run against the runs before it.
  var marks: [Mark] {
    results.indices.dropFirst().flatMap { index in
      let baseline = (max(0, index - Self.baselineWindow)..<index).reversed().map { results[$0] }
      return RunComparison(baseline: baseline, run: results[index], tolerances: tolerances).changes.map {
        Mark(run: index, change: $0)
      }
    }
  }

  /// The page.
  ///
  /// - Returns: A complete HTML document.
  func html() -> String {
    let marks = self.marks
    let regressions = marks.filter(\.change.isRegression).count
    let improvements = marks.filter { $0.change.verdict == .improvement }.count
    let regressed = Set(marks.filter(\.change.isRegression).map(\.change.scenario))
    var page = HTMLWriter()
    page.beginDocument(
      title: "trends over \(runs.count) runs — speech-replay", extraCSS: Self.css, bodyAttributes: ["data-ready": "0"])
    page.element("h1", text: "Trends over the last \(runs.count) runs")
    page.element(
      "p",
      [
        "class": "meta", "id": "summary", "data-regressions": String(regressions),
        "data-regressed-scenarios": String(regressed.count),
      ],
      text:
        "\(regressions) regressions in \(regressed.count) scenarios, \(improvements) improvements and \(marks.count - regressions - improvements) other changes; each run compared with up to \(Self.baselineWindow) runs before it, as `compare` compares them"
    )
    writeRegressions(&page, marks: marks)
    writeRuns(&page)
    writeCharts(&page, marks: marks)
    writeChanges(&page, marks: marks)
    page.open("script")
    page.raw(HTMLAssets.indexScript)
    page.close("script")
    page.close("body")
    page.close("html")
    page.raw("\n")
    return page.output
  }

  /// The regressions, newest run first and largest first within a run, each linking to its scenario's charts.
  private func writeRegressions(_ page: inout HTMLWriter, marks: [Mark]) {
    let regressions = marks.enumerated().filter { $0.element.change.isRegression }.sorted {
      let (a, b) = ($0.element, $1.element)
      if a.run != b.run { return a.run > b.run }
      return a.change.size != b.change.size ? a.change.size > b.change.size : $0.offset < $1.offset
    }.map(\.element)
    guard !regressions.isEmpty else { return }
    let sections = Dictionary(
      orderedScenarios(marks: marks).enumerated().map { ($0.element.label, $0.offset + 1) }, uniquingKeysWith: min)
    page.element("h2", text: "Regressions (\(regressions.count))")
    page.open("ol", ["id": "regressions"])
    for mark in regressions {
      page.open("li", ["data-scenario": mark.change.scenario, "data-run": String(runs[mark.run].id)])
      page.text("\(runs[mark.run].metadata.shownName(id: runs[mark.run].id)): ")
      page.element("a", ["href": "#trend-\(sections[mark.change.scenario] ?? 0)"], text: mark.change.scenario)
      page.text(" — " + mark.change.summary)
      page.close("li")
    }
    page.close("ol")
  }

  /// Scenarios with a regression first (the newest regression first), then the rest in suite order.
  func orderedScenarios(marks: [Mark]) -> [(file: String, label: String)] {
    var newest: [String: Int] = [:]
    for mark in marks where mark.change.isRegression {
      newest[mark.change.scenario] = max(newest[mark.change.scenario] ?? 0, mark.run)
    }
    return scenarios.enumerated().sorted {
      let (a, b) = (newest[$0.element.label].map { -$0 } ?? 1, newest[$1.element.label].map { -$0 } ?? 1)
      return a != b ? a < b : $0.offset < $1.offset
    }.map(\.element)
  }

  private func writeRuns(_ page: inout HTMLWriter) {
    page.element("h2", text: "Runs")
    page.open("table", ["id": "runs"])
    page.tableHead([
      "#", "run", "label", "commit", "started (UTC)", "seed", "mode", "shard", "host", "machine", "tool", "results",
      "covered",
    ])
    page.open("tbody")
    for (index, run) in runs.enumerated() {
      page.open("tr")
      page.element("td", ["class": "num"], text: String(index + 1))
      page.element("td", ["class": "num"], text: String(run.id))
      page.element("td", ["class": "label"], text: run.metadata.label ?? "")
      page.element("td", text: run.metadata.gitCommit.map { String($0.prefix(12)) } ?? "")
      page.element("td", text: Self.date(run.metadata.startedAt))
      page.element("td", text: run.metadata.seed.map(String.init) ?? "each scenario's")
      page.element("td", text: run.metadata.mode)
      page.element("td", text: run.metadata.shard ?? "all")
      page.element("td", text: run.metadata.host)
      page.element("td", text: run.metadata.machine ?? "")
      page.element(
        "td", text: run.metadata.toolVersion + (run.metadata.toolCommit.map { " @" + $0.prefix(12) } ?? ""))
      page.element("td", text: "\(run.passed) passed, \(run.failed) failed, \(run.crashed) crashed")
      page.element("td", text: run.metadata.paths.joined(separator: " "))
      page.close("tr")
    }
    page.close("tbody")
    page.close("table")
  }

  /// Scenarios (their files: the identity `compare` uses) in the order they were first recorded,
  /// each with the label `compare` gives it (its name, with its file when two share a name).
  var scenarios: [(file: String, label: String)] {
    let label = RunComparison.labels(results.flatMap { $0 })
    var found: [(file: String, label: String)] = []
    var seen: Set<String> = []
    for run in results {
      for result in run where seen.insert(result.key).inserted { found.append((result.key, label(result))) }
    }
    return found
  }

  private func writeCharts(_ page: inout HTMLWriter, marks: [Mark]) {
    page.element("h2", text: "Figures per scenario")
    let byFile = results.map(RunComparison.byFile)
    for (number, scenario) in orderedScenarios(marks: marks).enumerated() {
      let (file, name) = scenario
      let scenarioMarks = marks.filter { $0.change.scenario == name }
      let changed = Set(scenarioMarks.compactMap { ComparisonPage.figureName(of: $0.change) })
      let present = Set(byFile.flatMap { $0[file]?.figures.keys.map { $0 } ?? [] })
      let leaks = present.filter { $0.hasPrefix("leak.") && $0.hasSuffix("perCycle") || $0 == "leak.heapBytesPerCycle" }
        .sorted()
      var figures = Self.keyFigures.filter(present.contains) + leaks
      figures += changed.subtracting(figures).sorted()
      let regressed = scenarioMarks.contains { $0.change.isRegression }
      page.open(
        "section",
        [
          "class": "scenario" + (regressed ? " regressed" : ""), "id": "trend-\(number + 1)", "data-scenario": name,
          "data-regressed": regressed ? "1" : "0",
        ])
      page.open("h3")
      if regressed { page.element("span", ["class": "status status-failed"], text: "regressed") }
      page.text(" " + name)
      page.close("h3")
      let statuses = byFile.map { $0[file]?.status.rawValue ?? "absent" }
      page.element("p", ["class": "meta"], text: "status per run: " + statuses.joined(separator: " · "))
      page.open("div", ["class": "charts"])
      for figure in figures {
        let values = byFile.map { $0[file]?.figures[figure]?.value }
        let figureMarks = scenarioMarks.filter { ComparisonPage.figureName(of: $0.change) == figure }
        TrendChart(
          figure: figure, values: values, band: band(file: file, figure: figure), marks: figureMarks, runs: runs
        ).write(&page)
      }
      page.close("div")
      page.close("section")
    }
  }

  /// A wall-clock figure's noise band per run: the values `compare` would not count as a change
  /// against the runs before it (mean ± max(allowed relative change × mean, the absolute floor));
  /// `nil` for a run without earlier samples and for every run of a virtual figure.
  func band(file: String, figure: String) -> [ClosedRange<Double>?] {
    let threshold = NoiseThreshold()
    let byFile = results.map(RunComparison.byFile)
    return byFile.indices.map { index in
      guard byFile[index][file]?.figures[figure]?.kind == .wall else { return nil }
      let window = (max(0, index - Self.baselineWindow)..<index).reversed()
      let samples = window.compactMap { byFile[$0][file]?.figures[figure]?.value }
      guard !samples.isEmpty else { return nil }
      let mean = samples.reduce(0, +) / Double(samples.count)
      let half = max(threshold.allowedRelativeChange(samples: samples) * abs(mean), threshold.minimumAbsolute)
      return (mean - half)...(mean + half)
    }
  }

  private func writeChanges(_ page: inout HTMLWriter, marks: [Mark]) {
    page.element("h2", text: "What changed when (\(marks.count))")
    if marks.isEmpty {
      page.element("p", ["class": "meta", "id": "no-changes"], text: "nothing changed between these runs")
      return
    }
    page.filterBar(
      placeholder: "filter by run, scenario or change", statuses: ["regressed", "improved", "changed"],
      anyStatus: "every change",
      shown: marks.count)
    page.open("table", ["id": "scenarios"])
    page.tableHead(["", "run", "label", "started (UTC)", "scenario", "change"])
    page.open("tbody")
    // Newest run first, its regressions first.
    let rank: (Mark) -> Int = { $0.change.isRegression ? 0 : $0.change.verdict == .improvement ? 1 : 2 }
    for mark in marks.enumerated().sorted(by: {
      ($0.element.run, -rank($0.element), -$0.offset) > ($1.element.run, -rank($1.element), -$1.offset)
    }).map(\.element) {
      let run = runs[mark.run]
      let state = mark.change.isRegression ? "regressed" : mark.change.verdict == .improvement ? "improved" : "changed"
      page.open("tr", ["data-status": state, "class": state])
      page.element("td", ["data-sort": String(rank(mark))], text: state)
      page.element("td", ["class": "num"], text: String(run.id))
      page.element("td", text: run.metadata.shownName(id: run.id))
      page.element("td", text: Self.date(run.metadata.startedAt))
      page.element("td", text: mark.change.scenario)
      page.element("td", text: mark.change.summary)
      page.close("tr")
    }
    page.close("tbody")
    page.close("table")
  }

  static func date(_ date: Date) -> String {
    let formatter = DateFormatter()
    formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.locale = Locale(identifier: "en_US_POSIX")
    return formatter.string(from: date)
  }

  static let css = """
    tr.regressed td{background:#ffebee;color:#b71c1c}tr.changed td{background:#fffde7}tr.improved td{background:#e8f5e9}
    #regressions li{color:#b71c1c}section.scenario.regressed{border-top:2px solid #e53935}
    line.zero{stroke:#bbb;stroke-width:1}polygon.band{fill:#3f6fb5;fill-opacity:.12;stroke:none}
    polyline.band{stroke:#3f6fb5;stroke-opacity:.25;stroke-width:6;fill:none}circle.point.improved{fill:#43a047;stroke:#1b5e20}
    section.scenario{border-top:1px solid #ddd;margin-top:10px}section.scenario h3{font-size:14px;margin:8px 0 2px}
    .charts{display:flex;flex-wrap:wrap;gap:8px}figure.chart{margin:0;border:1px solid #eee;padding:4px;background:#fcfcfd}
    figcaption{font-size:11px;color:#333}figcaption .range{color:#888}
    .ends{display:flex;justify-content:space-between;font-size:10px;color:#888;width:260px}
    path.trend{fill:none;stroke:#3f6fb5;stroke-width:1.5}circle.point{fill:#3f6fb5}
    circle.point.changed{fill:#fbc02d;stroke:#8a6d00}circle.point.regressed{fill:#e53935;stroke:#7f0000}
    """
}
