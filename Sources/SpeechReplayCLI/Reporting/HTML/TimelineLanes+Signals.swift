import AVFAudioTwin
import Simulation
import SpeechReplay
import SpeechTwin

/// The lanes of what the device and the analyzer handled: the audio envelope, tap buffers and
/// conversions, analyzer input (dense kinds aggregated per column).
extension TimelineLanes {
  // MARK: audio

  func drawAudio(_ svg: inout HTMLWriter, y: Double, height: Double) {
    let middle = y + height / 2, half = height / 2 - 3
    svg.empty(
      "line",
      [
        "class": "baseline", "x1": "0", "x2": HTMLWriter.number(TimeAxis.width), "y1": HTMLWriter.number(middle),
        "y2": HTMLWriter.number(middle),
      ])
    guard let envelope else {
      svg.element("text", ["class": "z note", "x": "4", "y": HTMLWriter.number(middle - 4)], text: "no audio file")
      return
    }
    drawWaveform(&svg, columns: envelope.columns, middle: middle, half: half, cssClass: "waveform")
  }

  /// One path of vertical strokes, one per column that holds audio: small, and exact per column.
  func drawWaveform(
    _ svg: inout HTMLWriter, columns: [WaveformEnvelope.Column?], middle: Double, half: Double, cssClass: String
  ) {
    var path = ""
    for (column, value) in columns.enumerated() {
      guard let value else { continue }
      let x = Double(column) + 0.5
      let top = middle - Double(max(-1, min(1, value.high))) * half
      var bottom = middle - Double(max(-1, min(1, value.low))) * half
      if bottom - top < 1 { bottom = top + 1 }
      path += "M\(HTMLWriter.number(x)) \(HTMLWriter.number(top))V\(HTMLWriter.number(bottom))"
    }
    if !path.isEmpty { svg.empty("path", ["class": cssClass, "d": path]) }
  }

  // MARK: what the analyzer heard

  /// The audio the analyzers received, each buffer laid over the time before it arrived (as the
  /// audio lane lays each tap buffer), so a correct stack's lane mirrors the microphone's; over it,
  /// the spans the audio check judged, where the microphone heard them: lost (red), twice or out of
  /// order (orange), garbled (purple).
  func drawHeard(_ svg: inout HTMLWriter, y: Double, height: Double) {
    let middle = y + height / 2, half = height / 2 - 3
    svg.empty(
      "line",
      [
        "class": "baseline", "x1": "0", "x2": HTMLWriter.number(TimeAxis.width), "y1": HTMLWriter.number(middle),
        "y2": HTMLWriter.number(middle),
      ])
    guard let heard else { return }
    if heard.blocks.isEmpty {
      svg.element(
        "text", ["class": "z note", "x": "4", "y": HTMLWriter.number(middle - 4)],
        text: "the analyzer received no audio")
    }
    drawWaveform(
      &svg, columns: Self.heardColumns(heard.blocks, axis: axis), middle: middle, half: half, cssClass: "heard")
    for mark in heard.marks {
      let x = axis.x(mark.start)
      let kind =
        switch mark.check.name {
        case "lost", "tail": "heard-lost"
        case "repeated": "heard-repeated"
        default: "heard-garbled"
        }
      svg.empty(
        "rect",
        [
          "class": "heard-mark \(kind)", "x": HTMLWriter.number(x), "y": HTMLWriter.number(y + 2),
          "width": HTMLWriter.number(max(2, axis.x(mark.end) - x)), "height": HTMLWriter.number(height - 4),
          "data-time": HTMLWriter.seconds(mark.start), "data-check": mark.check.description,
          "data-tip": "\(HTMLWriter.seconds(mark.start))–\(HTMLWriter.seconds(mark.end)) s \(mark.check): \(mark.text)",
        ])
    }
  }

  /// Per-column extremes of received audio: the blocks of one buffer (same arrival, contiguous on
  /// the analyzer's timeline) laid end to end up to the moment it arrived.
  static func heardColumns(_ blocks: [AudioLane.Block], axis: TimeAxis) -> [WaveformEnvelope.Column?] {
    var columns = [WaveformEnvelope.Column?](repeating: nil, count: TimeAxis.columns)
    var index = 0
    while index < blocks.count {
      var end = index + 1
      while end < blocks.count, blocks[end].virtualTime == blocks[index].virtualTime,
        abs(blocks[end].analyzerTime - (blocks[end - 1].analyzerTime + blocks[end - 1].seconds)) < 1e-6
      {
        end += 1
      }
      var time = blocks[index].virtualTime - blocks[index..<end].reduce(0) { $0 + $1.seconds }
      for block in blocks[index..<end] {
        for column in axis.column(time)...axis.column(time + block.seconds) {
          let old = columns[column]
          columns[column] = WaveformEnvelope.Column(
            low: min(old?.low ?? block.low, block.low), high: max(old?.high ?? block.high, block.high))
        }
        time += block.seconds
      }
      index = end
    }
    return columns
  }

  // MARK: dense lanes

  func drawTaps(_ svg: inout HTMLWriter, y: Double, height: Double) {
    var buffers: [TraceEvent] = [], conversions: [TraceEvent] = []
    for event in timeline.events {
      if EngineBufferEvent(event) != nil {
        buffers.append(event)
      } else if event.kind == .converterConvert {
        conversions.append(event)
      }
    }
    drawEvents(&svg, buffers, y: y + 1, height: height / 2 - 2, cssClass: "tap", noun: "tap buffers")
    drawEvents(
      &svg, conversions, y: y + height / 2 + 1, height: height / 2 - 2, cssClass: "convert", noun: "converter calls")
  }

  func drawInput(_ svg: inout HTMLWriter, y: Double, height: Double) {
    var accepted: [TraceEvent] = [], rejected: [TraceEvent] = []
    for event in timeline.events {
      guard let input = AnalyzerInputEvent(event) else { continue }
      if input.accepted { accepted.append(event) } else { rejected.append(event) }
    }
    drawEvents(&svg, accepted, y: y + 2, height: height - 4, cssClass: "accepted", noun: "accepted input buffers")
    drawEvents(&svg, rejected, y: y + 2, height: height - 4, cssClass: "rejected", noun: "rejected input buffers")
  }

  /// At most this many events of one kind are drawn one by one (each with its fields on hover);
  /// more are aggregated into per-column counts.
  static let sparseLimit = 400

  /// One tick per event when they are few, else bars of per-column counts.
  func drawEvents(
    _ svg: inout HTMLWriter, _ events: [TraceEvent], y: Double, height: Double, cssClass: String, noun: String
  ) {
    guard events.count > Self.sparseLimit else {
      for event in events {
        let time = event.time.seconds
        svg.empty(
          "rect",
          [
            "class": cssClass, "x": HTMLWriter.number(axis.x(time)), "y": HTMLWriter.number(y), "width": "1.5",
            "height": HTMLWriter.number(height),
            "data-time": HTMLWriter.seconds(time), "data-tip": tip(event),
          ])
      }
      return
    }
    var counts = [Int](repeating: 0, count: TimeAxis.columns)
    for event in events { counts[axis.column(event.time.seconds)] += 1 }
    drawCounts(&svg, counts: counts, y: y, height: height, cssClass: cssClass, noun: noun)
  }

  /// Bars of per-column counts, runs of equal counts merged into one bar.
  func drawCounts(_ svg: inout HTMLWriter, counts: [Int], y: Double, height: Double, cssClass: String, noun: String) {
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
        svg.empty(
          "rect",
          [
            "class": cssClass, "x": String(column), "y": HTMLWriter.number(y + height - barHeight),
            "width": String(end - column),
            "height": HTMLWriter.number(barHeight),
            "data-tip": "\(count) \(noun) per column, \(HTMLWriter.seconds(from))–\(HTMLWriter.seconds(to)) s",
          ])
      }
      column = end
    }
  }
}
