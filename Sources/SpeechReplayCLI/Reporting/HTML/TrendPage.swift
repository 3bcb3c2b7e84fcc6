import Foundation
import SpeechReplay

/// `history --html FILE`: the last runs of the history as trends, per scenario and per key figure
/// a small chart of its values run after run, each run named by its label (`run --label`, by
/// default its commit), and a table of what changed when.
///
/// Change points, not raw noise: each run is compared with the runs before it exactly as
/// `compare --baseline PREVIOUS --baseline …` compares them (``RunComparison``, so virtual figures
/// exactly and wall-clock figures through the noise band, with up to ``baselineWindow`` earlier runs
/// as the band's samples). A point is red where that comparison finds a regression, yellow where it
/// finds another change.
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
      return RunComparison(baseline: baseline, run: results[index]).changes.map { Mark(run: index, change: $0) }
    }
  }

  /// The page.
  ///
  /// - Returns: A complete HTML document.
  func html() -> String {
    let marks = self.marks
    let regressions = marks.filter(\.change.isRegression).count
    var page = HTMLWriter()
    page.beginDocument(
      title: "trends over \(runs.count) runs — speech-replay", extraCSS: Self.css, bodyAttributes: ["data-ready": "0"])
    page.element("h1", text: "Trends over the last \(runs.count) runs")
    page.element(
      "p", ["class": "meta", "id": "summary"],
      text:
        "\(regressions) regressions and \(marks.count - regressions) other changes; each run compared with up to \(Self.baselineWindow) runs before it, as `compare` compares them"
    )
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

  private func writeRuns(_ page: inout HTMLWriter) {
    page.element("h2", text: "Runs")
    page.open("table", ["id": "runs"])
    page.tableHead(["#", "run", "label", "commit", "started (UTC)", "seed", "mode", "shard", "host", "results"])
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
      page.element("td", text: "\(run.passed) passed, \(run.failed) failed, \(run.crashed) crashed")
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
    for (number, scenario) in scenarios.enumerated() {
      let (file, name) = scenario
      let scenarioMarks = marks.filter { $0.change.scenario == name }
      let changed = Set(scenarioMarks.compactMap { ComparisonPage.figureName(of: $0.change) })
      let present = Set(byFile.flatMap { $0[file]?.figures.keys.map { $0 } ?? [] })
      let leaks = present.filter { $0.hasPrefix("leak.") && $0.hasSuffix("perCycle") || $0 == "leak.heapBytesPerCycle" }
        .sorted()
      var figures = Self.keyFigures.filter(present.contains) + leaks
      figures += changed.subtracting(figures).sorted()
      let regressed = scenarioMarks.contains { $0.change.isRegression }
      page.open("section", ["class": "scenario", "id": "trend-\(number + 1)", "data-scenario": name])
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
        writeChart(&page, figure: figure, values: values, marks: figureMarks)
      }
      page.close("div")
      page.close("section")
    }
  }

  /// One figure's values as a line over the runs, each point with its run's label and value.
  private func writeChart(_ page: inout HTMLWriter, figure: String, values: [Double?], marks: [Mark]) {
    let width = 260.0, height = 70.0, left = 4.0, right = 4.0, top = 8.0, bottom = 8.0
    let present = values.compactMap { $0 }
    let low = present.min() ?? 0, high = present.max() ?? 0
    let span = high - low
    func x(_ index: Int) -> Double {
      values.count < 2 ? width / 2 : left + Double(index) / Double(values.count - 1) * (width - left - right)
    }
    func y(_ value: Double) -> Double { span == 0 ? height / 2 : top + (high - value) / span * (height - top - bottom) }
    page.open("figure", ["class": "chart", "data-figure": figure])
    page.open("figcaption")
    page.element("span", ["class": "figure-name"], text: figure)
    page.element(
      "span", ["class": "range"],
      text: present.isEmpty ? "" : " \(RunIndexPage.figureText(low)) – \(RunIndexPage.figureText(high))")
    page.close("figcaption")
    page.open(
      "svg",
      ["width": HTMLWriter.number(width), "height": HTMLWriter.number(height), "xmlns": "http://www.w3.org/2000/svg"])
    var path = ""
    var pen = false
    for (index, value) in values.enumerated() {
      guard let value else {
        pen = false
        continue
      }
      path += (pen ? "L" : "M") + "\(HTMLWriter.number(x(index))) \(HTMLWriter.number(y(value)))"
      pen = true
    }
    if !path.isEmpty { page.empty("path", ["class": "trend", "d": path]) }
    for (index, value) in values.enumerated() {
      guard let value else { continue }
      let mark = marks.first { $0.run == index }
      let state = mark.map { $0.change.isRegression ? "regressed" : "changed" } ?? "same"
      page.open(
        "circle",
        [
          "class": "point \(state)", "cx": HTMLWriter.number(x(index)), "cy": HTMLWriter.number(y(value)),
          "r": state == "same" ? "2.5" : "4",
          "data-run": String(runs[index].id), "data-value": RunIndexPage.figureText(value),
        ])
      let name = runs[index].metadata.shownName(id: runs[index].id)
      page.element(
        "title", text: "\(name): \(RunIndexPage.figureText(value))" + (mark.map { "\n" + $0.change.summary } ?? ""))
      page.close("circle")
    }
    page.close("svg")
    // The axis: the first and the last run's names under the ends of the line.
    if let first = runs.first, let last = runs.last {
      page.open("div", ["class": "ends"])
      page.element("span", text: first.metadata.shownName(id: first.id))
      if runs.count > 1 { page.element("span", text: last.metadata.shownName(id: last.id)) }
      page.close("div")
    }
    page.close("figure")
  }

  private func writeChanges(_ page: inout HTMLWriter, marks: [Mark]) {
    page.element("h2", text: "What changed when (\(marks.count))")
    if marks.isEmpty {
      page.element("p", ["class": "meta", "id": "no-changes"], text: "nothing changed between these runs")
      return
    }
    page.filterBar(
      placeholder: "filter by run, scenario or change", statuses: ["regressed", "changed"], anyStatus: "every change",
      shown: marks.count)
    page.open("table", ["id": "scenarios"])
    page.tableHead(["", "run", "label", "started (UTC)", "scenario", "change"])
    page.open("tbody")
    for mark in marks.reversed() {
      let run = runs[mark.run]
      let state = mark.change.isRegression ? "regressed" : "changed"
      page.open("tr", ["data-status": state, "class": state])
      page.element("td", ["data-sort": mark.change.isRegression ? "0" : "1"], text: state)
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
    tr.regressed td{background:#ffebee;color:#b71c1c}tr.changed td{background:#fffde7}
    section.scenario{border-top:1px solid #ddd;margin-top:10px}section.scenario h3{font-size:14px;margin:8px 0 2px}
    .charts{display:flex;flex-wrap:wrap;gap:8px}figure.chart{margin:0;border:1px solid #eee;padding:4px;background:#fcfcfd}
    figcaption{font-size:11px;color:#333}figcaption .range{color:#888}
    .ends{display:flex;justify-content:space-between;font-size:10px;color:#888;width:260px}
    path.trend{fill:none;stroke:#3f6fb5;stroke-width:1.5}circle.point{fill:#3f6fb5}
    circle.point.changed{fill:#fbc02d;stroke:#8a6d00}circle.point.regressed{fill:#e53935;stroke:#7f0000}
    """
}
