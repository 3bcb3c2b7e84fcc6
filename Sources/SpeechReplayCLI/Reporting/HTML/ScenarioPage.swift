import Simulation
import SpeechReplay

/// One scenario's HTML page: its status and figures, its failures (each a link to its marker), the
/// lanes of its timeline (``TimelineLanes``), its budgets and the UI text it showed, in one
/// self-contained file.
///
/// The same result, scenario, timeline and audio give the same bytes, except for the wall-clock
/// seconds (in an element of class `wall`).
///
/// ```swift
/// let page = ScenarioPage(result: result, scenario: scenario, timeline: run.timeline, audio: WaveformEnvelope.read(path))
/// try page.html().write(toFile: "out/hello.html", atomically: true, encoding: .utf8)
/// ```
struct ScenarioPage {
  /// The scenario's result, as the run reported it.
  var result: ScenarioResult
  /// The scenario, when its file could be loaded (for budgets, the device's UI and the audio's rate).
  var scenario: Scenario?
  /// The run's timeline; `nil` when the worker wrote none (it crashed, or the file is invalid).
  var timeline: Timeline?
  /// The microphone file's samples (channels averaged) and rate, when there is one.
  var audio: (samples: [Float], sampleRate: Double)?
  /// What the analyzer heard, when the worker kept it (``ScenarioRunner/keepsReceivedAudio``).
  var heard: AudioLane?
  /// Lines shown under the heading (for a re-run from the history: what was recorded).
  var notes: [String] = []
  /// The seed the run gave every scenario (`run --seed`), `nil` when each used its own: the seed a
  /// worker that never reported was started with.
  var seedOverride: UInt64?
  /// The index page to link back to; `nil` for none.
  var indexLink: String? = "index.html"

  /// The page.
  ///
  /// - Returns: A complete HTML document.
  func html() -> String {
    let timeline = self.timeline ?? Timeline(events: [])
    let lastEvent = timeline.events.last.map { $0.time.seconds } ?? 0
    // Failures judged at the end sit at the run's end (the header's virtual time), not at the axis's
    // end; the axis leaves a little room after it so their markers are not cut by the edge. Every
    // other failure sits at the virtual time its check gave it.
    let end = max(result.virtualSeconds, lastEvent)
    let axis = TimeAxis(duration: end * 1.02 + 0.02)
    let deliveries = Self.deliveries(of: timeline, sampleRate: scenario?.device.microphone.sampleRate ?? 48_000)
    let failureTimes = result.failures.map { min($0.virtualTime ?? end, end) }
    let marks = result.failures.enumerated().map {
      TimelineLanes.FailureMark(number: $0.offset + 1, time: failureTimes[$0.offset], message: $0.element.description)
    }
    let envelope = audio.map {
      WaveformEnvelope(samples: $0.samples, sampleRate: $0.sampleRate, deliveries: deliveries, axis: axis)
    }
    let divergence = scenario?.observed.flatMap { CaptureDivergence.first(observed: $0.states, timeline: timeline) }
    let lanes = self.lanes(
      axis: axis, timeline: timeline, deliveries: deliveries, envelope: envelope, failures: marks,
      divergence: divergence)

    var page = HTMLWriter()
    page.beginDocument(
      title: "\(result.status.rawValue.uppercased()) \(result.name) — speech-replay",
      bodyAttributes: ["data-ready": "0", "data-status": result.status.rawValue])
    if let indexLink {
      page.open("p")
      page.element("a", ["href": indexLink], text: "← all scenarios of the run")
      page.close("p")
    }
    writeHeader(&page, axis: axis)
    writeFailures(&page, marks: marks, divergence: divergence, lanes: lanes)
    writeTimeline(&page, lanes: lanes, events: timeline.events.count)
    writeBudgets(&page)
    writeUIStates(&page, timeline: timeline)
    writeFigures(&page)
    if !result.output.isEmpty {
      page.element("h2", text: "Output")
      page.element("pre", ["class": "output", "id": "output"], text: result.output)
    }
    page.element("div", ["id": "tip"], text: "")
    page.open("script")
    page.raw(HTMLAssets.scenarioScript)
    page.close("script")
    page.close("body")
    page.close("html")
    page.raw("\n")
    return page.output
  }

  /// The timeline's lanes: audio, deliveries, events, failures, what the device showed, budgets.
  private func lanes(
    axis: TimeAxis, timeline: Timeline, deliveries: [TapePositions.Delivery], envelope: WaveformEnvelope?,
    failures marks: [TimelineLanes.FailureMark], divergence: CaptureDivergence?
  ) -> TimelineLanes {
    var lanes = TimelineLanes(
      axis: axis, timeline: timeline, deliveries: deliveries, envelope: envelope, failures: marks,
      observed: scenario?.observed?.states, divergence: divergence)
    lanes.heard = heard
    if let scenario, !scenario.expectations.budgets.limits.isEmpty {
      lanes.budgets = scenario.expectations.budgets.limits
      lanes.latencies = ScenarioRunner.latencySamples(scenario, timeline: timeline)
    }
    return lanes
  }

  /// The timeline section: zoom controls, the legend and the lanes.
  private func writeTimeline(_ page: inout HTMLWriter, lanes: TimelineLanes, events: Int) {
    page.element("h2", text: "Timeline")
    page.open("div", ["class": "controls"])
    page.element("button", ["id": "zoom-in", "type": "button"], text: "zoom in")
    page.element("button", ["id": "zoom-out", "type": "button"], text: "zoom out")
    page.element("button", ["id": "zoom-fit", "type": "button"], text: "fit")
    page.element(
      "span", ["class": "meta"],
      text: " Ctrl+wheel zooms, drag or scroll pans; hover an element for its fields. \(events) events.")
    page.close("div")
    writeLegend(&page)
    page.open("div", ["class": "lanes", "id": "lanes"])
    page.append(lanes.labels())
    page.open("div", ["class": "scroll", "id": "scroll"])
    page.append(lanes.plot())
    page.close("div")
    page.close("div")
    page.raw("\n")
  }

  /// Where the microphone's file stood over the run: the tap buffers that carried it
  /// (``TapePositions``), or, when the run has none that it can place (a scenario imported from a
  /// capture plays its tap schedule without `play:` steps), the advances of the `audio` field of
  /// the UI states, each drawn as ending at its state.
  ///
  /// - Parameters:
  ///   - timeline: The run's timeline.
  ///   - sampleRate: The microphone's starting hardware rate.
  /// - Returns: The spans of the file, in order.
  static func deliveries(of timeline: Timeline, sampleRate: Double) -> [TapePositions.Delivery] {
    let tape = TapePositions(timeline, sampleRate: sampleRate).deliveries
    guard tape.isEmpty else { return Array(tape) }
    var deliveries: [TapePositions.Delivery] = []
    var position = 0.0
    for state in timeline.events(UIStateEvent.self) {
      let audio = state.audio.seconds
      guard audio > position + 1e-9 else { continue }
      deliveries.append(TapePositions.Delivery(index: state.sequence, time: state.time, start: position, end: audio))
      position = audio
    }
    return deliveries
  }

  /// The seed the scenario ran with. A worker that crashed or timed out never reported its seed (the
  /// result holds 0), so it is the one it was started with: the run's `--seed`, else the scenario
  /// file's `seed:`, else the runner's default, 1.
  var shownSeed: String {
    guard result.status == .crashed || result.status == .timedOut, result.traceHash.isEmpty else {
      return String(result.seed)
    }
    if let seedOverride { return "\(seedOverride) (the run's --seed)" }
    if let seed = scenario?.seed { return "\(seed) (the scenario's)" }
    return scenario == nil ? "unknown (the worker never reported)" : "1 (the default)"
  }

  private func writeHeader(_ page: inout HTMLWriter, axis: TimeAxis) {
    page.open("h1")
    page.element("span", ["class": "status status-\(result.status.rawValue)"], text: result.status.rawValue)
    page.text(" " + result.name)
    page.close("h1")
    page.open("p", ["class": "meta"])
    page.element("span", ["id": "file"], text: result.file)
    page.element("span", ["id": "seed"], text: "seed \(shownSeed)")
    page.element("span", ["id": "virtual-seconds"], text: "virtual \(HTMLWriter.seconds(result.virtualSeconds)) s")
    page.element("span", ["class": "wall"], text: "wall \(HTMLWriter.seconds(result.wallSeconds)) s")
    if !result.traceHash.isEmpty { page.element("span", text: "trace \(result.traceHash)") }
    page.close("p")
    if let description = scenario?.description, !description.isEmpty {
      page.element("p", ["class": "meta"], text: description)
    }
    for note in notes { page.element("p", ["class": "meta note-line"], text: note) }
  }

  private func writeFailures(
    _ page: inout HTMLWriter, marks: [TimelineLanes.FailureMark], divergence: CaptureDivergence?, lanes: TimelineLanes
  ) {
    if !marks.isEmpty {
      page.element("h2", text: "Failures (\(marks.count))")
      page.open("ol", ["class": "failures", "id": "failures"])
      for mark in marks {
        page.open("li")
        page.element(
          "a", ["class": "failure-link", "href": "#failure-\(mark.number)"],
          text: "at \(HTMLWriter.seconds(mark.time)) s")
        page.text(" " + mark.message)
        page.close("li")
      }
      page.close("ol")
    }
    if let divergence {
      page.open("p", ["class": "meta", "id": "divergence-note"])
      page.element("a", ["href": "#divergence"], text: "first divergence from the device")
      let time = lanes.virtualTime(ofAudio: divergence.audioTime).map { " (virtual \(HTMLWriter.seconds($0)) s)" } ?? ""
      page.text(": \(divergence)\(time)")
      page.close("p")
    }
    if !result.warnings.isEmpty {
      page.element("h2", text: "Warnings")
      page.open("ul")
      for warning in result.warnings { page.element("li", text: warning.description) }
      page.close("ul")
    }
  }

  /// What the colours of the phase and result lanes mean.
  private func writeLegend(_ page: inout HTMLWriter) {
    page.open("p", ["class": "legend", "id": "legend"])
    page.element("span", ["class": "legend-title"], text: "phase:")
    for phase in ["idle", "preparing", "listening", "stopping", "failed", "other"] {
      page.open("span", ["class": "legend-item"])
      page.element("span", ["class": "swatch phase-\(phase)"], text: "")
      page.text(phase)
      page.close("span")
    }
    page.element("span", ["class": "legend-title"], text: "model results:")
    for (css, name) in [("result-volatile", "volatile"), ("result-final", "final"), ("result-withdrawn", "withdrawn")] {
      page.open("span", ["class": "legend-item"])
      page.element("span", ["class": "swatch \(css)"], text: "")
      page.text(name)
      page.close("span")
    }
    if heard != nil {
      page.element("span", ["class": "legend-title"], text: "analyzer heard:")
      for (css, name) in [
        ("heard-lost", "lost"), ("heard-repeated", "twice / out of order"), ("heard-garbled", "garbled"),
      ] {
        page.open("span", ["class": "legend-item"])
        page.element("span", ["class": "swatch \(css)"], text: "")
        page.text(name)
        page.close("span")
      }
    }
    page.close("p")
  }

  /// Each budget against what the run measured (`each` and `max` against the largest sample).
  private func writeBudgets(_ page: inout HTMLWriter) {
    guard let limits = scenario?.expectations.budgets.limits, !limits.isEmpty else { return }
    page.element("h2", text: "Budgets")
    page.open("table", ["id": "budgets"])
    page.tableHead(["budget", "limit (s)", "measured (s)", ""])
    page.open("tbody")
    for limit in limits {
      let statistic = limit.statistic == .each ? "max" : limit.statistic.rawValue
      let measured = result.figures["latency.\(limit.measure.rawValue).\(statistic)"]
      let budget = limit.limit.seconds
      let over = measured.map { $0 > budget + 1e-9 } ?? false
      page.open("tr", ["class": over ? "over" : nil])
      page.element("td", text: "\(limit.measure.rawValue) \(limit.statistic.rawValue)")
      page.element("td", ["class": "num"], text: HTMLWriter.seconds(budget))
      page.element("td", ["class": "num"], text: measured.map(HTMLWriter.seconds) ?? "not measured")
      page.open("td")
      // A bar: the measured value against its budget (the budget is the full width).
      let fraction = min(2, (measured ?? 0) / max(budget, 1e-9))
      page.open("svg", ["width": "160", "height": "12", "xmlns": "http://www.w3.org/2000/svg"])
      page.empty("rect", ["x": "0", "y": "2", "width": "80", "height": "8", "fill": "#e0e0e0"])
      page.empty(
        "rect",
        [
          "x": "0", "y": "2", "width": HTMLWriter.number(80 * fraction), "height": "8",
          "fill": over ? "#c62828" : "#2e7d32",
        ])
      page.empty("line", ["x1": "80", "x2": "80", "y1": "0", "y2": "12", "stroke": "#000"])
      page.close("svg")
      page.close("td")
      page.close("tr")
    }
    page.close("tbody")
    page.close("table")
  }

  /// The UI as the user saw it, one row per change (readable without the SVG).
  private func writeUIStates(_ page: inout HTMLWriter, timeline: Timeline) {
    let states = timeline.events(UIStateEvent.self)
    guard !states.isEmpty else { return }
    page.element("h2", text: "UI text as the user saw it (\(states.count) states)")
    page.open("details", ["open": states.count <= 200 ? "" : nil])
    page.element("summary", text: "every UI state, changes highlighted")
    page.open("table", ["id": "ui-states"])
    page.tableHead(["virtual s", "audio s", "phase", "committed", "volatile"])
    page.open("tbody")
    var previous: Timed<UIStateEvent>?
    for state in states {
      let changed = previous.map { $0.committed != state.committed || $0.volatile != state.volatile } ?? true
      page.open("tr", ["class": changed ? "changed" : nil])
      page.element("td", ["class": "num"], text: HTMLWriter.seconds(state.time.seconds))
      page.element("td", ["class": "num"], text: HTMLWriter.seconds(state.audio.seconds))
      page.element("td", text: state.phase)
      page.element("td", ["class": "committed-text"], text: state.committed)
      page.element("td", ["class": "volatile-text"], text: state.volatile)
      page.close("tr")
      previous = state
    }
    page.close("tbody")
    page.close("table")
    page.close("details")
  }

  private func writeFigures(_ page: inout HTMLWriter) {
    guard !result.figures.isEmpty else { return }
    page.element("h2", text: "Figures")
    page.open("table", ["id": "figures"])
    page.open("tbody")
    for figure in result.figures {
      // An audio excuse says why on hover.
      page.open(
        "tr", ["class": figure.clock == .wall ? "wall" : nil, "title": AudioExcuse.why(figureNamed: figure.name)])
      page.element("td", text: figure.name)
      page.element("td", ["class": "num"], text: RunIndexPage.figureText(figure.value))
      page.close("tr")
    }
    page.close("tbody")
    page.close("table")
  }
}
