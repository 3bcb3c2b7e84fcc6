import AVFAudioTwin
import Simulation
import SpeechReplay
import SpeechTwin

/// The lanes of a scenario page, drawn as inline SVG on one ``TimeAxis``: audio, steps, phase, tap
/// buffers and conversions, analyzer input, model results, the UI text, the device's UI (imported
/// scenarios), ledger counts, diagnostics and failures.
///
/// Readable without JavaScript: everything is in the SVG the tool writes. Elements carry `data-tip`
/// (an event's fields, or what an aggregated column holds) that the page script shows on hover.
/// Dense kinds (tap buffers, conversions, analyzer input, the ledger) are aggregated per column;
/// each result and UI state is drawn on its own.
struct TimelineLanes {
  /// One horizontal band: its element id, its label and its height in user units.
  struct Lane: Sendable, Hashable {
    /// The id of its `<g>` element, `lane-ID`.
    var id: String
    /// The label drawn left of it.
    var title: String
    /// Its height in user units (pixels vertically).
    var height: Double
  }

  /// A failure to mark: its number (from 1), virtual time and message.
  struct FailureMark: Sendable, Hashable {
    var number: Int
    var time: Double
    var message: String
  }

  let axis: TimeAxis
  let timeline: Timeline
  /// Where the microphone's file stood at each buffer that carried it (``ScenarioPage/deliveries(of:sampleRate:)``).
  let deliveries: [TapePositions.Delivery]
  let envelope: WaveformEnvelope?
  let failures: [FailureMark]
  let observed: [Scenario.Observed.State]?
  let divergence: ScenarioRunner.Divergence?
  /// The scenario's budgets (`expect.budgets`); empty draws no budget lane.
  var budgets: [Scenario.Budgets.Limit] = []
  /// The run's measured latencies, with when each wait ended.
  var latencies: [LatencySample] = []

  /// The height of the axis band on top.
  static let axisHeight = 34.0
  /// The most characters of one field value a tooltip shows (the end of a long transcript).
  static let tipValueLength = 300

  /// The lanes this page draws, top to bottom.
  var lanes: [Lane] {
    var lanes = [
      Lane(id: "audio", title: "audio", height: 60),
      Lane(id: "steps", title: "user steps", height: 44),
      Lane(id: "phase", title: "phase", height: 24),
      Lane(id: "taps", title: "taps / converter", height: 40),
      Lane(id: "input", title: "analyzer input", height: 28),
      Lane(id: "results", title: "model results", height: 52),
      Lane(id: "ui", title: "UI text (replay)", height: 52),
    ]
    if observed != nil { lanes.append(Lane(id: "observed", title: "UI text (device)", height: 52)) }
    if !budgetMeasures.isEmpty { lanes.append(Lane(id: "budgets", title: "budgets", height: 16 * Double(budgetMeasures.count) + 6)) }
    lanes += [
      Lane(id: "ledger", title: "ledger counts", height: max(30, 13 * Double(ledgerKinds.count) + 8)),
      Lane(id: "diagnostics", title: "diagnostics", height: 22),
      Lane(id: "failures", title: "failures", height: 22),
    ]
    return lanes
  }

  /// The total height of both SVGs.
  var height: Double { Self.axisHeight + lanes.reduce(0) { $0 + $1.height } }

  /// The label column: one `<svg>` with the lanes' titles.
  func labels() -> HTMLWriter {
    var svg = HTMLWriter()
    svg.open("svg", ["class": "labels", "width": "150", "height": HTMLWriter.number(height), "xmlns": "http://www.w3.org/2000/svg"])
    svg.element("text", ["x": "4", "y": "14", "class": "axis-label"], text: "virtual s")
    svg.element("text", ["x": "4", "y": "28", "class": "axis-label audio-time"], text: "audio s")
    var y = Self.axisHeight
    for lane in lanes {
      svg.element("text", ["x": "4", "y": HTMLWriter.number(y + min(lane.height / 2 + 4, 16)), "class": "lane-label"], text: lane.title)
      y += lane.height
    }
    svg.close("svg")
    return svg
  }

  /// The plot: one `<svg id="timeline">`, ``TimeAxis/width`` user units wide, stretched by the script to zoom.
  func plot() -> HTMLWriter {
    var svg = HTMLWriter()
    let width = HTMLWriter.number(TimeAxis.width), height = HTMLWriter.number(self.height)
    svg.open(
      "svg",
      [
        "id": "timeline", "class": "plot", "width": width, "height": height, "viewBox": "0 0 \(width) \(height)",
        "preserveAspectRatio": "none", "xmlns": "http://www.w3.org/2000/svg", "data-duration": HTMLWriter.seconds(axis.duration),
      ])
    drawAxis(&svg)
    var y = Self.axisHeight
    for lane in lanes {
      svg.open("g", ["id": "lane-\(lane.id)", "class": "lane", "data-lane": lane.id])
      svg.empty("rect", ["class": "lane-bg", "x": "0", "y": HTMLWriter.number(y), "width": width, "height": HTMLWriter.number(lane.height)])
      switch lane.id {
      case "audio": drawAudio(&svg, y: y, height: lane.height)
      case "steps": drawSteps(&svg, y: y, height: lane.height)
      case "phase": drawPhase(&svg, y: y, height: lane.height)
      case "taps": drawTaps(&svg, y: y, height: lane.height)
      case "input": drawInput(&svg, y: y, height: lane.height)
      case "results": drawResults(&svg, y: y, height: lane.height)
      case "ui": drawUIText(&svg, y: y, height: lane.height, states: replayStates)
      case "observed": drawUIText(&svg, y: y, height: lane.height, states: observedStates)
      case "budgets": drawBudgets(&svg, y: y)
      case "ledger": drawLedger(&svg, y: y, height: lane.height)
      case "diagnostics": drawDiagnostics(&svg, y: y, height: lane.height)
      case "failures": drawFailureMarkers(&svg, y: y, height: lane.height)
      default: break
      }
      svg.close("g")
      y += lane.height
    }
    // Failure lines across every lane, so a failure is seen beside what happened then.
    for failure in failures {
      let x = HTMLWriter.number(axis.x(failure.time))
      svg.empty("line", ["class": "failure-line", "x1": x, "x2": x, "y1": HTMLWriter.number(Self.axisHeight), "y2": height])
    }
    if let divergence, let time = virtualTime(ofAudio: divergence.audioTime) {
      let x = HTMLWriter.number(axis.x(time))
      svg.open("g", ["id": "divergence", "class": "divergence", "data-time": HTMLWriter.seconds(time), "data-tip": "first divergence: \(divergence)"])
      svg.empty("line", ["x1": x, "x2": x, "y1": HTMLWriter.number(Self.axisHeight), "y2": height])
      svg.close("g")
    }
    svg.close("svg")
    return svg
  }

  // MARK: axis

  private func drawAxis(_ svg: inout HTMLWriter) {
    svg.open("g", ["id": "axis", "class": "axis"])
    for tick in axis.ticks {
      let x = HTMLWriter.number(axis.x(tick))
      svg.empty("line", ["class": "tick", "x1": x, "x2": x, "y1": "0", "y2": HTMLWriter.number(height)])
      svg.element("text", ["class": "z", "x": x, "y": "13", "dx": "2"], text: Self.short(tick) + " s")
      if let audio = audioTime(atVirtual: tick) {
        svg.element("text", ["class": "z audio-time", "x": x, "y": "27", "dx": "2"], text: Self.short(audio) + " s")
      }
    }
    svg.close("g")
  }

  /// Seconds of the file played by virtual time `seconds`; nil before the first buffer that carried it.
  func audioTime(atVirtual seconds: Double) -> Double? {
    guard let first = deliveries.first, FailureTimes.seconds(first.time) <= seconds + 1e-9 else { return nil }
    return deliveries.last { FailureTimes.seconds($0.time) <= seconds + 1e-9 }?.end
  }

  /// The virtual time the file was first heard through `audio` seconds; nil when it never was.
  func virtualTime(ofAudio audio: Double) -> Double? {
    deliveries.first { $0.end >= audio - 1e-9 }.map { FailureTimes.seconds($0.time) }
  }

  // MARK: audio

  private func drawAudio(_ svg: inout HTMLWriter, y: Double, height: Double) {
    let middle = y + height / 2, half = height / 2 - 3
    svg.empty("line", ["class": "baseline", "x1": "0", "x2": HTMLWriter.number(TimeAxis.width), "y1": HTMLWriter.number(middle), "y2": HTMLWriter.number(middle)])
    guard let envelope else {
      svg.element("text", ["class": "z note", "x": "4", "y": HTMLWriter.number(middle - 4)], text: "no audio file")
      return
    }
    // One path of vertical strokes, one per column that heard audio: small, and exact per column.
    var path = ""
    for (column, value) in envelope.columns.enumerated() {
      guard let value else { continue }
      let x = Double(column) + 0.5
      let top = middle - Double(max(-1, min(1, value.high))) * half
      var bottom = middle - Double(max(-1, min(1, value.low))) * half
      if bottom - top < 1 { bottom = top + 1 }
      path += "M\(HTMLWriter.number(x)) \(HTMLWriter.number(top))V\(HTMLWriter.number(bottom))"
    }
    if !path.isEmpty { svg.empty("path", ["class": "waveform", "d": path]) }
  }

  // MARK: steps and phase

  private func drawSteps(_ svg: inout HTMLWriter, y: Double, height: Double) {
    let steps = timeline.events.compactMap { event in ScenarioStepEvent(event).map { (event, $0) } }
    for (index, (event, step)) in steps.enumerated() {
      let time = FailureTimes.seconds(event.time)
      let x = HTMLWriter.number(axis.x(time))
      let row = Double(index % 2)
      svg.open("g", ["class": "step step-\(Self.stepClass(step.step))", "data-time": HTMLWriter.seconds(time), "data-tip": tip(event)])
      svg.empty("line", ["x1": x, "x2": x, "y1": HTMLWriter.number(y + 2), "y2": HTMLWriter.number(y + height - 2)])
      svg.element("text", ["class": "z", "x": x, "dx": "3", "y": HTMLWriter.number(y + 16 + row * 18)], text: Self.truncated(step.step, 40))
      svg.close("g")
    }
  }

  /// The CSS class of a step: its keyword when the page styles it, else `other`.
  static func stepClass(_ step: String) -> String {
    let keyword = step.prefix { $0.isLetter }
    let known: Set<Substring> = ["start", "stop", "route", "interrupt", "network", "permission", "play", "wait", "snapshot", "cycle"]
    return known.contains(keyword) ? String(keyword) : "other"
  }

  private func drawPhase(_ svg: inout HTMLWriter, y: Double, height: Double) {
    let states = timeline.events(UIStateEvent.self)
    for (index, state) in states.enumerated() {
      let start = FailureTimes.seconds(state.time)
      let end = index + 1 < states.count ? FailureTimes.seconds(states[index + 1].time) : axis.duration
      let x0 = axis.x(start), x1 = max(axis.x(end), x0 + 0.5)
      svg.open("rect", [
        "class": "phase phase-\(Self.phaseClass(state.phase))", "x": HTMLWriter.number(x0), "y": HTMLWriter.number(y + 3),
        "width": HTMLWriter.number(x1 - x0), "height": HTMLWriter.number(height - 6), "data-time": HTMLWriter.seconds(start),
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

  // MARK: dense lanes

  private func drawTaps(_ svg: inout HTMLWriter, y: Double, height: Double) {
    var buffers = [Int](repeating: 0, count: TimeAxis.columns)
    var conversions = [Int](repeating: 0, count: TimeAxis.columns)
    for event in timeline.events {
      if EngineBufferEvent(event) != nil {
        buffers[axis.column(FailureTimes.seconds(event.time))] += 1
      } else if event.kind == .converterConvert {
        conversions[axis.column(FailureTimes.seconds(event.time))] += 1
      }
    }
    drawCounts(&svg, counts: buffers, y: y + 1, height: height / 2 - 2, cssClass: "tap", noun: "tap buffers")
    drawCounts(&svg, counts: conversions, y: y + height / 2 + 1, height: height / 2 - 2, cssClass: "convert", noun: "converter calls")
  }

  private func drawInput(_ svg: inout HTMLWriter, y: Double, height: Double) {
    var accepted = [Int](repeating: 0, count: TimeAxis.columns)
    var rejected = [Int](repeating: 0, count: TimeAxis.columns)
    for input in timeline.events(AnalyzerInputEvent.self) {
      let column = axis.column(FailureTimes.seconds(input.time))
      if input.accepted { accepted[column] += 1 } else { rejected[column] += 1 }
    }
    drawCounts(&svg, counts: accepted, y: y + 2, height: height - 4, cssClass: "accepted", noun: "accepted input buffers")
    drawCounts(&svg, counts: rejected, y: y + 2, height: height - 4, cssClass: "rejected", noun: "rejected input buffers")
  }

  /// Bars of per-column counts, runs of equal counts merged into one bar.
  private func drawCounts(_ svg: inout HTMLWriter, counts: [Int], y: Double, height: Double, cssClass: String, noun: String) {
    let peak = counts.max() ?? 0
    guard peak > 0 else { return }
    var column = 0
    while column < counts.count {
      let count = counts[column]
      var end = column + 1
      while end < counts.count, counts[end] == count { end += 1 }
      if count > 0 {
        let barHeight = max(3, Double(count) / Double(peak) * height)
        let from = axis.time(ofColumn: column), to = axis.time(ofColumn: end)
        svg.empty("rect", [
          "class": cssClass, "x": String(column), "y": HTMLWriter.number(y + height - barHeight), "width": String(end - column),
          "height": HTMLWriter.number(barHeight),
          "data-tip": "\(count) \(noun) per column, \(HTMLWriter.seconds(from))–\(HTMLWriter.seconds(to)) s",
        ])
      }
      column = end
    }
  }

  // MARK: results and text

  private func drawResults(_ svg: inout HTMLWriter, y: Double, height: Double) {
    let results = timeline.events.compactMap { event in AnalyzerResultEvent(event).map { (event, $0) } }
    for (index, (event, result)) in results.enumerated() {
      let time = FailureTimes.seconds(event.time)
      let next = results[(index + 1)...].first { $0.1.analyzer == result.analyzer }.map { FailureTimes.seconds($0.0.time) }
      let x0 = axis.x(time)
      let x1 = max(x0 + 3, next.map { axis.x($0) } ?? (x0 + 60))
      let withdrawn = !result.isFinal && result.text.isEmpty
      let row = result.isFinal ? 1.0 : 0.0
      let top = y + 2 + row * (height / 2)
      let cssClass = result.isFinal ? "result final" : (withdrawn ? "result volatile withdrawn" : "result volatile")
      svg.open("svg", ["x": HTMLWriter.number(x0), "y": HTMLWriter.number(top), "width": HTMLWriter.number(x1 - x0), "height": HTMLWriter.number(height / 2 - 4), "class": "clip"])
      svg.empty("rect", [
        "class": cssClass, "x": "0", "y": "0", "width": "100%", "height": "100%", "data-time": HTMLWriter.seconds(time), "data-tip": tip(event),
      ])
      svg.element("text", ["class": "z", "x": "2", "y": HTMLWriter.number(height / 2 - 9)], text: withdrawn ? "✕ withdrawn" : result.text)
      svg.close("svg")
    }
  }

  /// One shown UI text: when, what, and whether it changed from the one before.
  struct ShownText: Sendable, Hashable {
    var time: Double
    var committed: String
    var volatile: String
    var tip: String
  }

  private var replayStates: [ShownText] {
    timeline.events.compactMap { event in
      UIStateEvent(event).map { ShownText(time: FailureTimes.seconds(event.time), committed: $0.committed, volatile: $0.volatile, tip: tip(event)) }
    }
  }

  private var observedStates: [ShownText] {
    (observed ?? []).compactMap { state in
      virtualTime(ofAudio: state.audioTime).map {
        ShownText(
          time: $0, committed: state.committed, volatile: state.volatile,
          tip: "device at audio \(HTMLWriter.seconds(state.audioTime)) s\nphase=\(state.phase)\ncommitted=\(Self.tail(state.committed))\nvolatile=\(Self.tail(state.volatile))")
      }
    }
  }

  private func drawUIText(_ svg: inout HTMLWriter, y: Double, height: Double, states: [ShownText]) {
    // One segment per change of the text, lasting until the next change; every segment is a change.
    var changes: [ShownText] = []
    for state in states where changes.last.map({ $0.committed != state.committed || $0.volatile != state.volatile }) ?? true {
      changes.append(state)
    }
    for (index, state) in changes.enumerated() {
      let x0 = axis.x(state.time)
      let x1 = max(x0 + 1, axis.x(index + 1 < changes.count ? changes[index + 1].time : axis.duration))
      svg.open("svg", ["x": HTMLWriter.number(x0), "y": HTMLWriter.number(y + 2), "width": HTMLWriter.number(x1 - x0), "height": HTMLWriter.number(height - 4), "class": "clip"])
      svg.empty("rect", ["class": "ui-text", "x": "0", "y": "0", "width": "100%", "height": "100%", "data-time": HTMLWriter.seconds(state.time), "data-tip": state.tip])
      svg.empty("rect", ["class": "ui-change", "x": "0", "y": "0", "width": "2", "height": "100%"])
      // Right-aligned, so the end of a long transcript (the newest words) stays in view.
      svg.element("text", ["class": "z committed", "x": HTMLWriter.number(x1 - x0 - 3), "y": HTMLWriter.number(height / 2 - 4), "text-anchor": "end"], text: Self.tail(state.committed, 200))
      svg.element("text", ["class": "z volatile", "x": HTMLWriter.number(x1 - x0 - 3), "y": HTMLWriter.number(height - 10), "text-anchor": "end"], text: Self.tail(state.volatile, 200))
      svg.close("svg")
    }
  }

  // MARK: budgets

  /// The measures the scenario budgets, in the order of their first limit (cycle passes have no
  /// place on the axis and stay in the budget table).
  private var budgetMeasures: [Scenario.Budgets.Measure] {
    budgets.map(\.measure).filter { $0 != .cycle }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
  }

  /// Each measured wait as a bar ending when it ended, a tick where its budget ran out; red when over.
  private func drawBudgets(_ svg: inout HTMLWriter, y: Double) {
    for (row, measure) in budgetMeasures.enumerated() {
      // The tightest limit of the measure is what a single wait is held to here.
      guard let limit = budgets.filter({ $0.measure == measure }).map({ FailureTimes.seconds($0.limit) }).min() else { continue }
      let top = y + 4 + Double(row) * 16
      svg.element("text", ["class": "z budget-name", "x": "3", "y": HTMLWriter.number(top + 10)], text: measure.rawValue)
      for sample in latencies where sample.measure == measure {
        guard let value = sample.value.map(FailureTimes.seconds), let end = sample.end.map(FailureTimes.seconds) else { continue }
        let start = end - value
        let over = value > limit + 1e-9
        let x0 = axis.x(start), x1 = max(axis.x(end), x0 + 1.5)
        svg.empty("rect", [
          "class": over ? "budget over" : "budget", "x": HTMLWriter.number(x0), "y": HTMLWriter.number(top), "width": HTMLWriter.number(x1 - x0),
          "height": "12", "data-time": HTMLWriter.seconds(start),
          "data-tip": "\(measure.rawValue) \(HTMLWriter.seconds(value)) s, budget \(HTMLWriter.seconds(limit)) s\(over ? " — over" : "")\n\(sample.label)",
        ])
        let budgetX = HTMLWriter.number(axis.x(start + limit))
        svg.empty("line", ["class": "budget-limit", "x1": budgetX, "x2": budgetX, "y1": HTMLWriter.number(top - 1), "y2": HTMLWriter.number(top + 13)])
      }
    }
  }

  // MARK: ledger, diagnostics, failures

  /// The ledger's resource kinds the run acquired, sorted.
  private var ledgerKinds: [String] {
    Set(timeline.events.compactMap { ResourceAcquiredEvent($0)?.resource.rawValue }).sorted()
  }

  private func drawLedger(_ svg: inout HTMLWriter, y: Double, height: Double) {
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
      let column = axis.column(FailureTimes.seconds(event.time))
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
        path += (path.isEmpty ? "M\(x) \(HTMLWriter.number(y + height - 2))" : "") + "H\(x)V\(HTMLWriter.number(y + height - 2 - Double(point.count) / Double(peak) * (height - 6)))"
        last = point.count
      }
      path += "H\(HTMLWriter.number(TimeAxis.width))"
      let maximum = points.map(\.count).max() ?? 0
      svg.empty("path", ["class": "ledger ledger-\(index % 6)", "d": path, "data-tip": "ledger \(kind): at most \(maximum) open, \(last) at the end"])
      svg.element("text", ["class": "z ledger-name ledger-\(index % 6)", "x": "3", "y": HTMLWriter.number(y + 12 + Double(index) * 13)], text: "\(kind) (max \(maximum), end \(last))")
    }
  }

  private func drawDiagnostics(_ svg: inout HTMLWriter, y: Double, height: Double) {
    for event in timeline.events(of: .diagnostic) {
      let time = FailureTimes.seconds(event.time)
      let x = axis.x(time)
      svg.empty("path", [
        "class": "diagnostic", "d": "M\(HTMLWriter.number(x)) \(HTMLWriter.number(y + 3))l5 \(HTMLWriter.number(height - 6))h-10z",
        "data-time": HTMLWriter.seconds(time), "data-tip": tip(event),
      ])
    }
  }

  private func drawFailureMarkers(_ svg: inout HTMLWriter, y: Double, height: Double) {
    for failure in failures {
      let x = axis.x(failure.time)
      svg.open("g", ["id": "failure-\(failure.number)", "class": "failure-marker", "data-time": HTMLWriter.seconds(failure.time), "data-tip": "failure \(failure.number): \(failure.message)"])
      svg.empty("circle", ["cx": HTMLWriter.number(x), "cy": HTMLWriter.number(y + height / 2), "r": "6"])
      svg.element("text", ["class": "z", "x": HTMLWriter.number(x), "dx": "8", "y": HTMLWriter.number(y + height / 2 + 4)], text: "\(failure.number)")
      svg.close("g")
    }
  }

  // MARK: text helpers

  /// An event's tooltip: its time, kind and every field (long values cut to their end).
  func tip(_ event: TraceEvent) -> String {
    var text = "\(HTMLWriter.seconds(FailureTimes.seconds(event.time))) s  #\(event.sequence) \(event.kind.rawValue)"
    for field in event.fields { text += "\n\(field.name)=\(Self.tail(field.value))" }
    return text
  }

  /// The end of `text`, at most `length` characters, with `…` in front when cut.
  static func tail(_ text: String, _ length: Int = tipValueLength) -> String {
    text.count <= length ? text : "…" + String(text.suffix(length - 1))
  }

  /// The start of `text`, at most `length` characters, with `…` after it when cut.
  static func truncated(_ text: String, _ length: Int) -> String {
    text.count <= length ? text : String(text.prefix(length - 1)) + "…"
  }

  /// `12`, `1.5`, `0.25`: a tick label.
  static func short(_ seconds: Double) -> String {
    var text = HTMLWriter.seconds(seconds)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
