import AVFAudioTwin
import Foundation
import SimulatedDevice
import Simulation

/// Audio conservation (`audio.<kind>`): everything the microphone's tap handed the app while the app
/// listened (its UI phase was `listening`) must reach the analyzer once, in order and intact — compared
/// by content (``AudioConservation``), never by counting buffers. Figures on every run: seconds the
/// tap delivered while listening, received, lost, repeated and garbled, the worst signal-to-noise
/// ratio of a span with sound, and what was excused and why (``AudioExcuse``, judged by
/// ``AudioJudgement``). A failure says what happened to the audio, where in the recording and on the
/// analyzer's timeline, and which tap buffers it came from.
struct AudioCheck: ScenarioCheck {
  var family: CheckID.Family { .audio }
  /// Whether loss is declared.
  var expectation: Scenario.AudioExpectation
  /// What the device's monitor saw, finished by ``AudioFamily`` before the check runs.
  var report: AudioConservation.Report

  /// The kinds of garbled audio, in the order their failures are reported.
  static let garbledKinds: [AudioProblem.Kind] = [.silenced, .tooLoud, .tooQuiet, .foreign]

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    let judgement = AudioJudgement(
      report: report, timeline: run.timeline, maximumLost: DurationText.seconds(expectation.maximumLost))
    let place = Place(run: run, deliveries: report.deliveries)
    let failures = failures(judgement, place: place)
    return CheckOutcome(
      figures: judgement.figures, failures: failures,
      attachments: Self.marks(judgement, failures: failures, place: place))
  }

  /// The failures of a judgement: lost beyond what is allowed, repeated, and each kind of garbling
  /// longer in all than two blocks.
  private func failures(_ judgement: AudioJudgement, place: Place) -> [ScenarioFailure] {
    let rate = AudioConservation.rate
    var failures: [ScenarioFailure] = []
    if judgement.failsLoss {
      failures.append(
        lostFailure(
          judgement.lost, seconds: judgement.lostSeconds, rejected: judgement.report.rejectedSeconds, place: place,
          listening: judgement.listening, deliveries: judgement.report.deliveries))
    }
    if !judgement.repeated.isEmpty {
      failures.append(repeatedFailure(judgement.repeated, lost: judgement.lost, place: place))
    }
    for kind in Self.garbledKinds {
      let ofKind = judgement.garbled.filter { $0.kind == kind }
      // A lone garbled block is the edge of a comparison (a converter's first or last samples).
      if Double(ofKind.reduce(0) { $0 + $1.span.count }) / rate >= AudioConservation.tuning.shortestGarbled {
        failures.append(garbledFailure(kind, ofKind, place: place))
      }
    }
    return failures
  }

  /// The spans behind the figures, for the report's lane: lost ones (named as the failure names
  /// them), then repeated and garbled ones, each where the microphone heard it.
  private static func marks(_ judgement: AudioJudgement, failures: [ScenarioFailure], place: Place) -> [AudioLane.Mark]
  {
    let lostName = failures.contains { $0.check == CheckID(.audio, "tail") } ? "tail" : "lost"
    var marks = judgement.lost.prefix(AudioLane.markLimit).map { span in
      place.mark(CheckID(.audio, lostName), span, "never reached the analyzer: \(place.describe(span))")
    }
    for problem in (judgement.repeated + judgement.garbled).prefix(AudioLane.markLimit) {
      let at = problem.analyzerTime.map { " (at \(Place.seconds($0)) s of \(problem.analyzer)'s timeline)" } ?? ""
      let what =
        switch problem.kind {
        case .repeated: "reached the analyzer twice or out of order"
        case .silenced: "reached the analyzer as silence"
        case .tooLoud: "reached the analyzer far louder or clipped"
        case .tooQuiet: "reached the analyzer far quieter"
        case .foreign: "reached the analyzer as audio that is not the microphone's"
        case .skipped: "was skipped by the analyzer's stream"
        }
      marks.append(
        place.mark(
          CheckID(.audio, problem.kind.rawValue), problem.span, "\(what): \(place.describe(problem.span))\(at)"))
    }
    return marks
  }

  /// The audio a stack that reports `droppedBuffers` dropped buffers has declared lost, in seconds.
  ///
  /// A queue holds converted buffers or tap buffers, so a dropped buffer is counted at the larger of
  /// what the analyzer received per input, what the converter produced per call and what the tap
  /// delivered per buffer. Drops need not be average, though: behind a converter that releases
  /// its output in blocks (2 ms taps) most converted buffers are empty and the full ones are the
  /// ones dropped (found by explore). So what the converter produced and the analyzer never
  /// received counts too, never more than every dropped buffer at the largest size seen.
  static func declaredLoss(
    droppedBuffers: Int, receivedSamples: Int, listening: [Int], deliveries: RecordLog<TapDelivery>,
    timeline: Timeline
  ) -> Double {
    let rate = AudioConservation.rate
    let receivedSeconds = Double(receivedSamples) / rate
    let received = receivedSeconds / Double(max(1, timeline.count(of: .analyzerInput)))
    var convertedSeconds = 0.0
    var conversions = 0
    var largest = 0.0
    for event in timeline.events.only([.converterConvert]) {
      guard let frames = event.fields.int("frames"), let outputRate = event.fields.double("to"), outputRate > 0
      else { continue }
      convertedSeconds += Double(frames) / outputRate
      conversions += 1
      largest = max(largest, Double(frames) / outputRate)
    }
    let converted = conversions == 0 ? 0 : convertedSeconds / Double(conversions)
    var tappedSamples = 0
    for position in listening {
      tappedSamples += deliveries[position].span.count
      largest = max(largest, Double(deliveries[position].span.count) / rate)
    }
    let tapped = listening.isEmpty ? 0 : Double(tappedSamples) / rate / Double(listening.count)
    let average = Double(droppedBuffers) * max(received, converted, tapped)
    let neverSent = convertedSeconds - receivedSeconds
    return max(average, min(neverSent, Double(droppedBuffers) * largest))
  }

  /// The positions in `deliveries` of the tap buffers delivered while the UI's phase was `listening`.
  static func listeningDeliveries(_ deliveries: RecordLog<TapDelivery>, timeline: Timeline) -> [Int] {
    var isListening = false
    var next = 0
    var result: [Int] = []
    for event in timeline.events.only([UIStateEvent.kind, ScenarioStepEvent.kind, EngineBufferEvent.kind]) {
      if let state = UIStateEvent(event) { isListening = state.isListening }
      // A dismissed screen shows nothing: what its engine still delivers until the stack is freed
      // is heard by no one.
      if ScenarioStepEvent(event)?.step == "dismiss" { isListening = false }
      while next < deliveries.count, let sequence = deliveries[next].traceSequence, sequence <= event.sequence {
        if sequence == event.sequence, isListening { result.append(next) }
        next += 1
      }
    }
    return result
  }

  /// Virtual seconds of each `dismiss` step taken while the screen showed listening.
  static func dismissalsWhileListening(_ timeline: Timeline) -> [Double] {
    var listening = false
    var times: [Double] = []
    for event in timeline.events.only([UIStateEvent.kind, ScenarioStepEvent.kind]) {
      if let state = UIStateEvent(event) { listening = state.isListening }
      if ScenarioStepEvent(event)?.step == "dismiss" {
        if listening { times.append(DurationText.seconds(event.time)) }
        listening = false
      }
    }
    return times
  }

  /// The reference index at which each listening stretch ends when the UI went from listening to
  /// failed, or from listening through stopping to failed (the stop itself failed, visibly), or the
  /// screen was dismissed while listening (the last tap buffer delivered while listening).
  static func stretchEndsInFailure(_ deliveries: RecordLog<TapDelivery>, timeline: Timeline) -> [Int] {
    var ends: [Int] = []
    var lastListening: Int?
    var next = 0
    var wasListening = false
    // Stopping right after listening: a failure now ends the stretch as a failure while listening does.
    var isStoppingAfterListening = false
    for event in timeline.events.only([UIStateEvent.kind, ScenarioStepEvent.kind, EngineBufferEvent.kind]) {
      if let state = UIStateEvent(event) {
        if wasListening || isStoppingAfterListening, !state.isListening, state.phase.hasPrefix("failed"),
          let end = lastListening
        {
          ends.append(end)
        }
        isStoppingAfterListening =
          state.phase == UIState.Phase.stopping.description && (wasListening || isStoppingAfterListening)
        wasListening = state.isListening
      }
      // The screen went away while listening: what the stack still held has no one to hear it.
      if ScenarioStepEvent(event)?.step == "dismiss" {
        if wasListening, let end = lastListening { ends.append(end) }
        wasListening = false
        isStoppingAfterListening = false
      }
      while next < deliveries.count, let sequence = deliveries[next].traceSequence, sequence <= event.sequence {
        if sequence == event.sequence, wasListening { lastListening = deliveries[next].span.upperBound }
        next += 1
      }
    }
    return ends
  }

  /// The reference index at which the last listening stretch before each `dismiss` step taken while
  /// the screen showed `stopping` ends: the stack was still finalizing a stop, so what it still had
  /// queued was the dismissed stack's to hear (its analyzer may finish after the run ends), and the
  /// reopened screen's silence may be placed over the stretch's end, as after a dismissal while
  /// listening (``stretchEndsInFailure(_:timeline:)``).
  static func stretchEndsDismissedWhileStopping(_ deliveries: RecordLog<TapDelivery>, timeline: Timeline) -> [Int] {
    var ends: [Int] = []
    var lastListening: Int?
    var next = 0
    var phase = ""
    for event in timeline.events.only([UIStateEvent.kind, ScenarioStepEvent.kind, EngineBufferEvent.kind]) {
      if let state = UIStateEvent(event) { phase = state.phase }
      if ScenarioStepEvent(event)?.step == "dismiss" {
        if phase == UIState.Phase.stopping.description, let end = lastListening { ends.append(end) }
        phase = ""
      }
      while next < deliveries.count, let sequence = deliveries[next].traceSequence, sequence <= event.sequence {
        if sequence == event.sequence, phase == UIState.Phase.listening.description {
          lastListening = deliveries[next].span.upperBound
        }
        next += 1
      }
    }
    return ends
  }

  // MARK: Messages

  /// Where a reference span is: in the recording, on the capture timeline, which tap buffers.
  struct Place {
    let run: RunRecord
    let deliveries: RecordLog<TapDelivery>

    /// Seconds of the recording (the audio file) at a reference index, when it was played.
    func recording(_ index: Int) -> Double? {
      run.device.microphone.tapeTime(atCaptureSeconds: Double(index) / AudioConservation.rate)
    }

    /// The tap buffers a span came from.
    func taps(_ span: Range<Int>) -> [TapDelivery] {
      var low = 0
      var high = deliveries.count
      while low < high {
        let middle = (low + high) / 2
        if deliveries[middle].span.upperBound <= span.lowerBound { low = middle + 1 } else { high = middle }
      }
      var found: [TapDelivery] = []
      var index = low
      while index < deliveries.count && deliveries[index].span.lowerBound < span.upperBound {
        found.append(deliveries[index])
        index += 1
      }
      return found
    }

    /// Virtual seconds at which the tap delivered reference index `index` (the end of a tap buffer
    /// is its delivery time; a sample inside it came that much earlier).
    func virtualTime(ofIndex index: Int) -> Double? {
      guard let delivery = taps(index..<(index + 1)).first ?? deliveries.last(where: { $0.span.upperBound <= index })
      else { return nil }
      let behind = Double(max(0, delivery.span.upperBound - index)) / AudioConservation.rate
      return delivery.virtualTime - behind
    }

    /// A mark for the report's lane over `span`.
    func mark(_ check: CheckID, _ span: Range<Int>, _ text: String) -> AudioLane.Mark {
      let start = virtualTime(ofIndex: span.lowerBound) ?? 0
      let end = virtualTime(ofIndex: span.upperBound - 1).map { $0 + 1 / AudioConservation.rate } ?? start
      return AudioLane.Mark(check: check, start: start, end: max(start, end), text: text)
    }

    /// `0.600–0.700 s of the recording (tap buffers #6–#7, delivered at 0.700 s)`.
    func describe(_ span: Range<Int>) -> String {
      let rate = AudioConservation.rate
      let capture =
        "\(Self.seconds(Double(span.lowerBound) / rate))–\(Self.seconds(Double(span.upperBound) / rate)) s of the capture"
      var text = capture
      if let start = recording(span.lowerBound), let end = recording(span.upperBound) {
        text =
          start == end
          ? "at \(Self.seconds(start)) s of the recording (the microphone heard silence between play steps)"
          : "\(Self.seconds(start))–\(Self.seconds(end)) s of the recording"
      }
      let taps = taps(span)
      if let first = taps.first, let last = taps.last {
        let numbers =
          first.index == last.index ? "tap buffer #\(first.index)" : "tap buffers #\(first.index)–#\(last.index)"
        text += " (\(numbers), delivered at \(Self.seconds(first.virtualTime)) s)"
      }
      return text
    }

    static func seconds(_ value: Double) -> String { String(format: "%.3f", value) }
  }

  private func location() -> SourceLocation? { expectation.location }

  private func failure(
    _ name: String, _ message: String, span: Range<Int>, place: Place, analyzerTime: Double? = nil, trap: String? = nil
  ) -> ScenarioFailure {
    let virtual = place.taps(span).first?.virtualTime
    return ScenarioFailure(
      message, check: CheckID(.audio, name), at: location(), virtualTime: virtual,
      audioTime: place.recording(span.lowerBound), trap: trap)
  }

  private func lostFailure(
    _ lost: [Range<Int>], seconds: Double, rejected: Double, place: Place, listening: [Int],
    deliveries: RecordLog<TapDelivery>
  ) -> ScenarioFailure {
    let first = lost[0]
    let spans = lost.count == 1 ? "" : " in \(lost.count) spans, the first"
    var message =
      "\(Place.seconds(seconds)) s of the microphone's audio never reached the analyzer\(spans) at \(place.describe(first))"
    // The end of a listening stretch that never arrived: the tail a converter holds back.
    let stretchEnds = Set(
      listening.indices.filter { index in
        index + 1 == listening.count || deliveries[listening[index + 1]].index != deliveries[listening[index]].index + 1
      }.map { deliveries[listening[$0]].span.upperBound })
    if lost.count == 1, stretchEnds.contains(first.upperBound),
      Double(first.count) / AudioConservation.rate <= AudioConservation.tuning.longestTail
    {
      message +=
        "; it is the end of what the tap delivered before the stop: the converter still held it. At the stop, call convert once more with an input block that answers .endOfStream and send its output to the analyzer"
      return failure("tail", message, span: first, place: place, trap: "never drains the converter")
    }
    if rejected > 0 {
      message +=
        "; the analyzer rejected \(Place.seconds(rejected)) s of input in another format, so the model never heard it (see the analyzer-input-format invariant)"
      return failure("lost", message, span: first, place: place)
    }
    message +=
      "; the stack drops buffers between the tap and the analyzer (a try? that swallows a conversion error, a dropping queue, a converter released with audio inside) — send every converted buffer, or if the stack drops audio on purpose declare it with expect.audio: { maximumLost: \(Place.seconds(seconds + AudioConservation.tuning.suggestedMargin))s }"
    return failure("lost", message, span: first, place: place)
  }

  private func repeatedFailure(_ repeated: [AudioProblem], lost: [Range<Int>], place: Place) -> ScenarioFailure {
    let first = repeated[0]
    let seconds = Double(repeated.reduce(0) { $0 + $1.span.count }) / AudioConservation.rate
    let at = first.analyzerTime.map { " (at \(Place.seconds($0)) s of \(first.analyzer)'s timeline)" } ?? ""
    var message =
      "\(Place.seconds(seconds)) s of the microphone's audio reached the analyzer twice or out of order (\(repeated.count) time\(repeated.count == 1 ? "" : "s")), first \(place.describe(first.span))\(at)"
    let sizes = Set(repeated.map(\.span.count))
    if !lost.isEmpty, sizes.count == 1, Set(lost.map(\.count)).count <= 2 {
      message +=
        "; each repeat follows a lost span of the same size: the analyzer reads a buffer after the next conversion overwrote it — make a new output buffer for every conversion instead of reusing one"
    } else {
      message +=
        "; the stack sends a buffer twice (a retry after an error that was not one) or reorders buffers — send each converted buffer once, in order"
    }
    return failure("repeated", message, span: first.span, place: place, analyzerTime: first.analyzerTime)
  }

  private func garbledFailure(_ kind: AudioProblem.Kind, _ problems: [AudioProblem], place: Place) -> ScenarioFailure {
    let first = problems[0]
    let seconds = Place.seconds(Double(problems.reduce(0) { $0 + $1.span.count }) / AudioConservation.rate)
    let where_ = place.describe(first.span)
    let level = first.levelDifference.map { String(format: "%+.0f dB", $0) } ?? "?"
    let message: String
    switch kind {
    case .silenced:
      message =
        "the analyzer received silence for \(seconds) s where the microphone heard sound, from \(where_); a muted or zeroed buffer, or one sent before the converter filled it — send what the converter produced, and stop listening rather than send silence"
    case .tooLoud:
      message =
        "the analyzer received the microphone's audio \(level) louder (clipped) for \(seconds) s, from \(where_); a wrong sample scale (Int16 values written as Float, a gain) — convert with AVAudioConverter instead of scaling by hand"
    case .tooQuiet:
      message =
        "the analyzer received the microphone's audio \(level) quieter for \(seconds) s, from \(where_); a wrong sample scale (Float values divided again) — convert with AVAudioConverter instead of scaling by hand"
    case .foreign:
      message =
        "the analyzer received audio that is not the microphone's for \(seconds) s, from \(where_) (its level matches, its content does not: signal-to-noise \(String(format: "%.0f", first.signalToNoise ?? 0)) dB); the wrong channel of a multichannel input, another sample type read as this one, or a rate labelled wrongly so it runs at the wrong speed — convert the tap's buffer with AVAudioConverter from the buffer's own format, mixing its channels"
    case .skipped, .repeated:
      message = ""
    }
    return failure(kind.rawValue, message, span: first.span, place: place, analyzerTime: first.analyzerTime)
  }
}
