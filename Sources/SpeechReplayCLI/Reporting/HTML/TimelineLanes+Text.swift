import AVFAudioTwin
import Simulation
import SpeechReplay
import SpeechTwin

/// The lanes of text: the model's results, the UI text of the replay and of the device.
extension TimelineLanes {
  // MARK: results and text

  func drawResults(_ svg: inout HTMLWriter, y: Double, height: Double) {
    let results = timeline.events.compactMap { event in AnalyzerResultEvent(event).map { (event, $0) } }
    for (index, (event, result)) in results.enumerated() {
      let time = event.time.seconds
      let next = results[(index + 1)...].first { $0.1.analyzer == result.analyzer }.map { $0.0.time.seconds }
      let x0 = axis.x(time)
      let x1 = max(x0 + 3, next.map { axis.x($0) } ?? (x0 + 60))
      let withdrawn = !result.isFinal && result.text.isEmpty
      let row = result.isFinal ? 1.0 : 0.0
      let top = y + 2 + row * (height / 2)
      let cssClass = result.isFinal ? "result final" : (withdrawn ? "result volatile withdrawn" : "result volatile")
      svg.open(
        "svg",
        [
          "x": HTMLWriter.number(x0), "y": HTMLWriter.number(top), "width": HTMLWriter.number(x1 - x0),
          "height": HTMLWriter.number(height / 2 - 4), "class": "clip",
        ])
      svg.empty(
        "rect",
        [
          "class": cssClass, "x": "0", "y": "0", "width": "100%", "height": "100%",
          "data-time": HTMLWriter.seconds(time), "data-tip": tip(event),
        ])
      svg.element(
        "text", ["class": "z", "x": "2", "y": HTMLWriter.number(height / 2 - 9)],
        text: withdrawn ? "✕ withdrawn" : result.text)
      svg.close("svg")
    }
  }

  var replayStates: [ShownText] {
    timeline.events.compactMap { event in
      UIStateEvent(event).map {
        ShownText(time: event.time.seconds, committed: $0.committed, volatile: $0.volatile, tip: tip(event))
      }
    }
  }

  var observedStates: [ShownText] {
    (observed ?? []).compactMap { state in
      virtualTime(ofAudio: state.audioTime).map {
        ShownText(
          time: $0, committed: state.committed, volatile: state.volatile,
          tip:
            "device at audio \(HTMLWriter.seconds(state.audioTime)) s\nphase=\(state.phase)\ncommitted=\(Self.tail(state.committed))\nvolatile=\(Self.tail(state.volatile))"
        )
      }
    }
  }

  /// The average width of a character of the lanes' 11 px text, in pixels (the script uses the same).
  static let characterWidth = 6.2

  /// How many characters fit a segment `width` pixels wide, leaving room for the change mark.
  static func charactersFitting(_ width: Double) -> Int { max(0, Int(((width - 6) / characterWidth).rounded(.down))) }

  /// The end of `text` in at most `length` characters, cut at a word: `…` then whole words; just `…`
  /// when not even the last word fits, and empty when not even that does.
  static func wordTail(_ text: String, fitting length: Int) -> String {
    guard text.count > length else { return text }
    guard length > 1 else { return "" }
    let characters = Array(text)
    var start = characters.count - (length - 1)
    if characters[start - 1] != " " {
      guard let space = characters[start...].firstIndex(of: " ") else { return "…" }
      start = space + 1
    }
    return start >= characters.count ? "" : "…" + String(characters[start...])
  }

  func drawUIText(_ svg: inout HTMLWriter, y: Double, height: Double, states: [ShownText]) {
    // One segment per change of the text, lasting until the next change; every segment is a change.
    var changes: [ShownText] = []
    for state in states
    where changes.last.map({ $0.committed != state.committed || $0.volatile != state.volatile }) ?? true {
      changes.append(state)
    }
    for (index, state) in changes.enumerated() {
      let x0 = axis.x(state.time)
      let x1 = max(x0 + 1, axis.x(index + 1 < changes.count ? changes[index + 1].time : axis.duration))
      svg.open(
        "svg",
        [
          "x": HTMLWriter.number(x0), "y": HTMLWriter.number(y + 2), "width": HTMLWriter.number(x1 - x0),
          "height": HTMLWriter.number(height - 4), "class": "clip",
        ])
      svg.empty(
        "rect",
        [
          "class": "ui-text", "x": "0", "y": "0", "width": "100%", "height": "100%",
          "data-time": HTMLWriter.seconds(state.time), "data-tip": state.tip,
        ])
      svg.empty("rect", ["class": "ui-change", "x": "0", "y": "0", "width": "2", "height": "100%"])
      // Right-aligned, so the end of a long transcript (the newest words) stays in view; cut at a
      // word to what fits the segment (at zoom 1; the script cuts again for the zoom it shows).
      let fits = Self.charactersFitting(x1 - x0)
      for (css, text, baseline) in [
        ("committed", state.committed, height / 2 - 4), ("volatile", state.volatile, height - 10),
      ] {
        let full = Self.wordTail(text, fitting: 200)
        svg.element(
          "text",
          [
            "class": "z fit \(css)", "x": HTMLWriter.number(x1 - x0 - 3), "y": HTMLWriter.number(baseline),
            "text-anchor": "end", "data-text": full, "data-width": HTMLWriter.number(x1 - x0),
          ],
          text: Self.wordTail(full, fitting: fits))
      }
      svg.close("svg")
    }
  }
}
