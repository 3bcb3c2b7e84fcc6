import SpeechReplay

/// One figure of one scenario on the trend page: its values over the runs as a line on a
/// zero-based scale (so a point's height is its size and a 0.06 % shift looks like one), each
/// point marked as `compare` judged its run, a wall-clock figure's noise band drawn behind it.
struct TrendChart {
  /// The figure's name.
  var figure: String
  /// Its value per run (`nil` where the scenario did not run or lacked the figure).
  var values: [Double?]
  /// Its noise band per run (wall-clock figures with earlier runs only).
  var band: [ClosedRange<Double>?]
  /// The changes `compare` found in it, by run index.
  var marks: [TrendPage.Mark]
  /// The runs, oldest first.
  var runs: [HistoryRun]

  static let width = 260.0, height = 70.0, left = 4.0, right = 4.0, top = 8.0, bottom = 8.0

  /// The axis: from zero (or the lowest value, when one is negative) to the highest value or band edge.
  var scale: (low: Double, high: Double) {
    let bounds = values.compactMap { $0 } + band.compactMap { $0?.upperBound }
    return (min(0, bounds.min() ?? 0), max(0, bounds.max() ?? 0))
  }

  func x(_ index: Int) -> Double {
    values.count < 2
      ? Self.width / 2 : Self.left + Double(index) / Double(values.count - 1) * (Self.width - Self.left - Self.right)
  }

  func y(_ value: Double) -> Double {
    let (low, high) = scale
    guard high > low else { return Self.height - Self.bottom }
    return Self.top + (high - max(low, value)) / (high - low) * (Self.height - Self.top - Self.bottom)
  }

  func point(_ index: Int, _ value: Double) -> String {
    "\(HTMLWriter.number(x(index))) \(HTMLWriter.number(y(value)))"
  }

  /// Writes the chart as a `<figure>` with an inline SVG.
  func write(_ page: inout HTMLWriter) {
    let present = values.compactMap { $0 }
    page.open(
      "figure", ["class": "chart", "data-figure": figure, "data-scale-low": RunIndexPage.figureText(scale.low)])
    page.open("figcaption")
    page.element("span", ["class": "figure-name"], text: figure)
    if let lowest = present.min(), let highest = present.max() {
      page.element(
        "span", ["class": "range"],
        text:
          " \(RunIndexPage.figureText(lowest)) – \(RunIndexPage.figureText(highest)) (axis from \(RunIndexPage.figureText(scale.low)))"
      )
    }
    page.close("figcaption")
    page.open(
      "svg",
      [
        "width": HTMLWriter.number(Self.width), "height": HTMLWriter.number(Self.height),
        "xmlns": "http://www.w3.org/2000/svg",
      ])
    page.empty(
      "line",
      [
        "class": "zero", "x1": HTMLWriter.number(Self.left), "x2": HTMLWriter.number(Self.width - Self.right),
        "y1": HTMLWriter.number(y(0)), "y2": HTMLWriter.number(y(0)),
      ])
    writeBand(&page)
    writeLine(&page)
    writePoints(&page)
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

  /// The noise band: a ribbon over each stretch of runs that have one, a short bar for a lone run.
  func writeBand(_ page: inout HTMLWriter) {
    var segments: [[Int]] = []
    for index in band.indices where band[index] != nil {
      if let last = segments.last?.last, last == index - 1 {
        segments[segments.count - 1].append(index)
      } else {
        segments.append([index])
      }
    }
    for segment in segments {
      let upper = segment.map { point($0, band[$0]!.upperBound) }
      let lower = segment.reversed().map { point($0, band[$0]!.lowerBound) }
      let points = segment.count == 1 ? [upper[0], lower[0]] : upper + lower
      page.empty(
        segment.count == 1 ? "polyline" : "polygon", ["class": "band", "points": points.joined(separator: " ")])
    }
  }

  /// The line through the values, broken where a run has none.
  func writeLine(_ page: inout HTMLWriter) {
    var path = ""
    var pen = false
    for (index, value) in values.enumerated() {
      guard let value else {
        pen = false
        continue
      }
      path += (pen ? "L" : "M") + point(index, value)
      pen = true
    }
    if !path.isEmpty { page.empty("path", ["class": "trend", "d": path]) }
  }

  /// A point per run, marked regressed, improved, changed or same, titled with the run and the change.
  func writePoints(_ page: inout HTMLWriter) {
    for (index, value) in values.enumerated() {
      guard let value else { continue }
      let runMarks = marks.filter { $0.run == index }
      let mark = runMarks.first { $0.change.isRegression } ?? runMarks.first
      let state =
        mark.map { $0.change.isRegression ? "regressed" : $0.change.verdict == .improvement ? "improved" : "changed" }
        ?? "same"
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
  }
}
