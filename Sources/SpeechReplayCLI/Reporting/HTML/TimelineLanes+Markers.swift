import AVFAudioTwin
import Simulation
import SpeechReplay
import SpeechTwin

/// The lanes of markers and counts: user steps, phase, budgets, ledger, diagnostics, failures.
extension TimelineLanes {
  // MARK: steps and phase

  func drawSteps(_ svg: inout HTMLWriter, y: Double, height: Double) {
    let steps = timeline.events.compactMap { event in ScenarioStepEvent(event).map { (event, $0) } }
    for (index, (event, step)) in steps.enumerated() {
      let time = event.time.seconds
      let x = HTMLWriter.number(axis.x(time))
      let row = Double(index % 2)
      svg.open(
        "g",
        [
          "class": "step step-\(Self.stepClass(step.step))", "data-time": HTMLWriter.seconds(time),
          "data-tip": tip(event),
        ])
      svg.empty("line", ["x1": x, "x2": x, "y1": HTMLWriter.number(y + 2), "y2": HTMLWriter.number(y + height - 2)])
      svg.element(
        "text", ["class": "z", "x": x, "dx": "3", "y": HTMLWriter.number(y + 16 + row * 18)],
        text: Self.truncated(step.step, 40))
      svg.close("g")
    }
  }

  /// The CSS class of a step: its keyword when the page styles it, else `other`.
  static func stepClass(_ step: String) -> String {
    let keyword = step.prefix { $0.isLetter }
    let known: Set<Substring> = [
      "start", "stop", "route", "interrupt", "network", "permission", "play", "wait", "snapshot", "cycle",
    ]
    return known.contains(keyword) ? String(keyword) : "other"
  }

  func drawPhase(_ svg: inout HTMLWriter, y: Double, height: Double) {
    let states = timeline.events(UIStateEvent.self)
    for (index, state) in states.enumerated() {
      let start = state.time.seconds
      let end = index + 1 < states.count ? states[index + 1].time.seconds : axis.duration
      let x0 = axis.x(start), x1 = max(axis.x(end), x0 + 0.5)
      svg.open(
        "rect",
        [
          "class": "phase phase-\(Self.phaseClass(state.phase))", "x": HTMLWriter.number(x0),
          "y": HTMLWriter.number(y + 3),
          "width": HTMLWriter.number(x1 - x0), "height": HTMLWriter.number(height - 6),
          "data-time": HTMLWriter.seconds(start),
          "data-tip": "\(HTMLWriter.seconds(start)) s phase \(state.phase)",
        ])
      svg.close("rect")
    }
  }

  /// The CSS class of a phase: `idle`, `preparing`, `listening`, `stopping`, `failed`, else `other`.
  static func phaseClass(_ phase: String) -> String {
    let keyword = phase.prefix { $0.isLetter }
    return ["idle", "preparing", "listening", "stopping", "failed"].contains(keyword) ? String(keyword) : "other"
  }

  // MARK: budgets

  /// The measures the scenario budgets, in the order of their first limit (cycle passes have no
  /// place on the axis and stay in the budget table).
  var budgetMeasures: [Scenario.Budgets.Measure] {
    budgets.map(\.measure).filter { $0 != .cycle }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }

  /// Each measured wait as a bar ending when it ended, a tick where its budget ran out; red when over.
  func drawBudgets(_ svg: inout HTMLWriter, y: Double) {
    for (row, measure) in budgetMeasures.enumerated() {
      // The tightest limit of the measure is what a single wait is held to here.
      guard let limit = budgets.filter({ $0.measure == measure }).map({ $0.limit.seconds }).min() else { continue }
      let top = y + 4 + Double(row) * 16
      svg.element(
        "text", ["class": "z budget-name", "x": "3", "y": HTMLWriter.number(top + 10)], text: measure.rawValue)
      for sample in latencies where sample.measure == measure {
        guard let value = sample.value.map(\.seconds), let end = sample.end.map(\.seconds) else { continue }
        let start = end - value
        let over = value > limit + 1e-9
        let x0 = axis.x(start), x1 = max(axis.x(end), x0 + 1.5)
        svg.empty(
          "rect",
          [
            "class": over ? "budget over" : "budget", "x": HTMLWriter.number(x0), "y": HTMLWriter.number(top),
            "width": HTMLWriter.number(x1 - x0),
            "height": "12", "data-time": HTMLWriter.seconds(start),
            "data-tip":
              "\(measure.rawValue) \(HTMLWriter.seconds(value)) s, budget \(HTMLWriter.seconds(limit)) s\(over ? " — over" : "")\n\(sample.label)",
          ])
        let budgetX = HTMLWriter.number(axis.x(start + limit))
        svg.empty(
          "line",
          [
            "class": "budget-limit", "x1": budgetX, "x2": budgetX, "y1": HTMLWriter.number(top - 1),
            "y2": HTMLWriter.number(top + 13),
          ])
      }
    }
  }

  // MARK: ledger, diagnostics, failures

  /// The ledger's resource kinds the run acquired, sorted.
  var ledgerKinds: [String] {
    Set(timeline.events.compactMap { ResourceAcquiredEvent($0)?.resource.rawValue }).sorted()
  }

  func drawLedger(_ svg: inout HTMLWriter, y: Double, height: Double) {
    var open: [String: Int] = [:]
    var series: [String: [(column: Int, count: Int)]] = [:]
    for event in timeline.events {
      let kind: String, change: Int
      if let acquired = ResourceAcquiredEvent(event) {
        (kind, change) = (acquired.resource.rawValue, 1)
      } else if let released = ResourceReleasedEvent(event) {
        (kind, change) = (released.resource.rawValue, -1)
      } else {
        continue
      }
      let count = (open[kind] ?? 0) + change
      open[kind] = count
      let column = axis.column(event.time.seconds)
      if series[kind]?.last?.column == column { series[kind]!.removeLast() }
      series[kind, default: []].append((column, count))
    }
    let peak = max(1, series.values.flatMap { $0.map(\.count) }.max() ?? 1)
    for (index, kind) in series.keys.sorted().enumerated() {
      let points = series[kind]!
      var path = ""
      var last = 0
      for point in points {
        let x = HTMLWriter.number(Double(point.column))
        path +=
          (path.isEmpty ? "M\(x) \(HTMLWriter.number(y + height - 2))" : "")
          + "H\(x)V\(HTMLWriter.number(y + height - 2 - Double(point.count) / Double(peak) * (height - 6)))"
        last = point.count
      }
      path += "H\(HTMLWriter.number(TimeAxis.width))"
      let maximum = points.map(\.count).max() ?? 0
      svg.empty(
        "path",
        [
          "class": "ledger ledger-\(index % 6)", "d": path,
          "data-tip": "ledger \(kind): at most \(maximum) open, \(last) at the end",
        ])
    }
  }

  /// The ledger's legend, in the label column beside the plot (drawn over the plot, it hid the counts):
  /// one line per resource kind in its line's colour, with its peak and final counts (`max/end`).
  func ledgerLegend(_ svg: inout HTMLWriter, y: Double) {
    var open: [String: Int] = [:], peak: [String: Int] = [:]
    for event in timeline.events {
      if let acquired = ResourceAcquiredEvent(event) {
        open[acquired.resource.rawValue, default: 0] += 1
        peak[acquired.resource.rawValue] = max(peak[acquired.resource.rawValue] ?? 0, open[acquired.resource.rawValue]!)
      } else if let released = ResourceReleasedEvent(event) {
        open[released.resource.rawValue, default: 0] -= 1
      }
    }
    for (index, kind) in ledgerKinds.enumerated() {
      let (most, end) = (peak[kind] ?? 0, open[kind] ?? 0)
      svg.open(
        "text",
        ["class": "ledger-name ledger-\(index % 6)", "x": "10", "y": HTMLWriter.number(y + 29 + Double(index) * 13)])
      svg.element("title", text: "\(kind): at most \(most) open, \(end) at the end")
      // `kind max/end`, short enough for the label column (the title holds the whole line).
      svg.text("\(Self.truncated(kind, 18)) \(most)/\(end)")
      svg.close("text")
    }
  }

  func drawDiagnostics(_ svg: inout HTMLWriter, y: Double, height: Double) {
    for event in timeline.events(of: .diagnostic) {
      let time = event.time.seconds
      let x = axis.x(time)
      svg.empty(
        "path",
        [
          "class": "diagnostic",
          "d": "M\(HTMLWriter.number(x)) \(HTMLWriter.number(y + 3))l5 \(HTMLWriter.number(height - 6))h-10z",
          "data-time": HTMLWriter.seconds(time), "data-tip": tip(event),
        ])
    }
  }

  func drawFailureMarkers(_ svg: inout HTMLWriter, y: Double, height: Double) {
    for failure in failures {
      let x = axis.x(failure.time)
      svg.open(
        "g",
        [
          "id": "failure-\(failure.number)", "class": "failure-marker", "data-time": HTMLWriter.seconds(failure.time),
          "data-tip": "failure \(failure.number): \(failure.message)",
        ])
      svg.empty("circle", ["cx": HTMLWriter.number(x), "cy": HTMLWriter.number(y + height / 2), "r": "6"])
      // Near the right edge the number goes left of its marker, so it is not cut off.
      let nearEnd = x > TimeAxis.width - 24
      svg.element(
        "text",
        [
          "class": "z", "x": HTMLWriter.number(x), "dx": nearEnd ? "-8" : "8",
          "y": HTMLWriter.number(y + height / 2 + 4), "text-anchor": nearEnd ? "end" : nil,
        ],
        text: "\(failure.number)")
      svg.close("g")
    }
  }
}
