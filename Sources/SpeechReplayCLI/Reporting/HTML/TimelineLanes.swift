import AVFAudioTwin
import Simulation
import SpeechReplay
import SpeechTwin

/// The lanes of a scenario page, drawn as inline SVG on one ``TimeAxis``: audio, what the analyzer
/// heard (when the worker kept it), steps, phase, tap
/// buffers and conversions, analyzer input, model results, the UI text, the device's UI (imported
/// scenarios), ledger counts, diagnostics and failures.
///
/// Readable without JavaScript: everything is in the SVG the tool writes. Elements carry `data-tip`
/// (an event's fields, or what an aggregated column holds) that the page script shows on hover.
/// Tap buffers, conversions and analyzer input are drawn one tick per event up to
/// ``sparseLimit`` events of a kind and aggregated per column above; the ledger is a count per
/// column; each result, UI change and step is drawn on its own.
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
    /// Its number in the page's failure list, from 1 (the marker's id is `failure-N`).
    var number: Int
    /// Virtual seconds (``ScenarioFailure/virtualTime``, or the end of the run).
    var time: Double
    /// The failure as `file:line:column: message`.
    var message: String
  }

  /// The shared time axis.
  let axis: TimeAxis
  /// The run's events.
  let timeline: Timeline
  /// Where the microphone's file stood at each buffer that carried it (``ScenarioPage/deliveries(of:sampleRate:)``).
  let deliveries: [TapePositions.Delivery]
  /// The audio lane's envelope; `nil` when the scenario has no readable audio file.
  let envelope: WaveformEnvelope?
  /// The failures to mark.
  let failures: [FailureMark]
  /// The device's UI states of an imported scenario (`observed:`); `nil` draws no device lane.
  let observed: [Scenario.Observed.State]?
  /// Where the replay's UI first differs from the device's, if it does.
  let divergence: CaptureDivergence?
  /// The scenario's budgets (`expect.budgets`); empty draws no budget lane.
  var budgets: [Scenario.Budgets.Limit] = []
  /// The run's measured latencies, with when each wait ended.
  var latencies: [LatencySample] = []
  /// What the analyzer heard and the spans the audio check judged; `nil` draws no such lane.
  var heard: AudioLane?

  /// The height of the axis band on top.
  static let axisHeight = 34.0
  /// The most characters of one field value a tooltip shows (the end of a long transcript).
  static let tipValueLength = 300

  /// The lanes this page draws, top to bottom.
  var lanes: [Lane] {
    var lanes = [Lane(id: "audio", title: "audio", height: 60)]
    if heard != nil { lanes.append(Lane(id: "heard", title: "analyzer heard", height: 60)) }
    lanes += [
      Lane(id: "steps", title: "user steps", height: 44),
      Lane(id: "phase", title: "phase", height: 24),
      Lane(id: "taps", title: "taps / converter", height: 40),
      Lane(id: "input", title: "analyzer input", height: 28),
      Lane(id: "results", title: "model results", height: 52),
      Lane(id: "ui", title: "UI text (replay)", height: 52),
    ]
    if observed != nil { lanes.append(Lane(id: "observed", title: "UI text (device)", height: 52)) }
    if !budgetMeasures.isEmpty {
      lanes.append(Lane(id: "budgets", title: "budgets", height: 16 * Double(budgetMeasures.count) + 6))
    }
    lanes += [
      // The lane's title, then one legend line per resource kind in the label column.
      Lane(id: "ledger", title: "ledger counts", height: max(30, 13 * Double(ledgerKinds.count + 1) + 10)),
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
    svg.open(
      "svg",
      ["class": "labels", "width": "150", "height": HTMLWriter.number(height), "xmlns": "http://www.w3.org/2000/svg"])
    svg.element("text", ["x": "4", "y": "14", "class": "axis-label"], text: "virtual s")
    svg.element("text", ["x": "4", "y": "28", "class": "axis-label audio-time"], text: "audio s")
    var y = Self.axisHeight
    for lane in lanes {
      svg.element(
        "text", ["x": "4", "y": HTMLWriter.number(y + min(lane.height / 2 + 4, 16)), "class": "lane-label"],
        text: lane.title)
      if lane.id == "ledger" { ledgerLegend(&svg, y: y) }
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
        "preserveAspectRatio": "none", "xmlns": "http://www.w3.org/2000/svg",
        "data-duration": HTMLWriter.seconds(axis.duration),
      ])
    drawAxis(&svg)
    var y = Self.axisHeight
    for lane in lanes {
      svg.open("g", ["id": "lane-\(lane.id)", "class": "lane", "data-lane": lane.id])
      svg.empty(
        "rect",
        [
          "class": "lane-bg", "x": "0", "y": HTMLWriter.number(y), "width": width,
          "height": HTMLWriter.number(lane.height),
        ])
      switch lane.id {
      case "audio": drawAudio(&svg, y: y, height: lane.height)
      case "heard": drawHeard(&svg, y: y, height: lane.height)
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
      svg.empty(
        "line", ["class": "failure-line", "x1": x, "x2": x, "y1": HTMLWriter.number(Self.axisHeight), "y2": height])
    }
    if let divergence, let time = virtualTime(ofAudio: divergence.audioTime) {
      let x = HTMLWriter.number(axis.x(time))
      svg.open(
        "g",
        [
          "id": "divergence", "class": "divergence", "data-time": HTMLWriter.seconds(time),
          "data-tip": "first divergence: \(divergence)",
        ])
      svg.empty("line", ["x1": x, "x2": x, "y1": HTMLWriter.number(Self.axisHeight), "y2": height])
      svg.close("g")
    }
    svg.close("svg")
    return svg
  }

  // MARK: axis

  func drawAxis(_ svg: inout HTMLWriter) {
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
    guard let first = deliveries.first, first.time.seconds <= seconds + 1e-9 else { return nil }
    return deliveries.last { $0.time.seconds <= seconds + 1e-9 }?.end
  }

  /// The virtual time the file was first heard through `audio` seconds; nil when it never was.
  func virtualTime(ofAudio audio: Double) -> Double? {
    deliveries.first { $0.end >= audio - 1e-9 }.map { $0.time.seconds }
  }

  // MARK: text helpers

  /// An event's tooltip: its time, kind and every field (long values cut to their end).
  func tip(_ event: TraceEvent) -> String {
    var text = "\(HTMLWriter.seconds(event.time.seconds)) s  #\(event.sequence) \(event.kind.rawValue)"
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
