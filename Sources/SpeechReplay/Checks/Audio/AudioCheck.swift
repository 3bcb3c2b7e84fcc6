import AVFAudioTwin
import Foundation
import SimulatedDevice
import Simulation

/// Audio conservation (`audio.<kind>`): everything the microphone's tap handed the app while the app
/// listened (its UI phase was `listening`) must reach the analyzer once, in order and intact — compared
/// by content (``AudioConservation``), never by counting buffers. Figures on every run: seconds the
/// tap delivered while listening, received, lost, repeated and garbled, and the worst signal-to-noise
/// ratio of a span with sound. A failure says what happened to the audio, where in the recording and
/// on the analyzer's timeline, and which tap buffers it came from.
struct AudioCheck: ScenarioCheck {
  var family: CheckID.Family { .audio }
  /// Whether loss is declared.
  var expectation: Scenario.AudioExpectation
  /// What the device's monitor saw, finished by ``AudioFamily`` before the check runs.
  var report: AudioConservation.Report

  /// Lost spans shorter than this are the edges of a comparison, not audio a model would miss.
  static let shortestLoss = 0.010
  /// With a declared loss: repeats shorter than this are the alignment settling after a drop.
  static let seamRepeat = 0.050
  /// With a declared loss: garbled runs this short are the seam of a drop.
  static let seamGarbled = 0.060
  /// The most a converter holds back (libsoxr's 37 ms at its default latency, with a margin): a
  /// loss this short at the end of what the tap delivered is the converter's undrained tail.
  static let longestTail = 0.050
  /// Garbled audio shorter than this (two comparison blocks) is the edge of a comparison.
  static let shortestGarbled = 0.040

  func evaluate(_ run: RunRecord) -> CheckOutcome {
    let rate = AudioConservation.rate
    // After an analyzer failed, the tap's audio has nowhere to go until the app starts another one.
    // Positions in `report.deliveries`, not copies: an hours-long run has a delivery per tap buffer.
    let listening = Self.listeningDeliveries(report.deliveries, timeline: run.timeline).filter { position in
      let delivery = report.deliveries[position]
      return !report.analyzerFailures.contains { failure in
        delivery.virtualTime >= failure.virtualTime
          && !report.analyzerFirstInputs.contains { $0 > failure.virtualTime && $0 <= delivery.virtualTime }
      }
    }
    // After an analyzer failed, the audio has nowhere to go until the app starts another one; so
    // with the analyzer a dismissed screen's stack ended (in the instant of the `dismiss` step,
    // while the screen listened): what it still held is heard by no one.
    let dismissals = Self.dismissalsWhileListening(run.timeline)
    let dismissedEnds = report.analyzerFinishes.filter { finish in
      dismissals.contains { abs($0 - finish.virtualTime) < 0.0005 }
    }
    let orphaned = AudioSpanSet(
      (report.analyzerFailures + dismissedEnds).compactMap(\.receivedThrough).map { failure in
        failure..<(report.received.spans.first { $0.lowerBound > failure }?.lowerBound ?? Int.max / 2)
      })
    // A run that ends while the app still listens leaves the newest audio in flight (queued, or in
    // the converter): not lost, only not yet heard.
    let endsListening = run.timeline.events(UIStateEvent.self).last?.event.isListening == true
    let inFlight =
      endsListening ? AudioSpanSet([(report.received.spans.last?.upperBound ?? 0)..<Int.max / 2]) : AudioSpanSet()
    let expected = AudioSpanSet(listening.lazy.map { report.deliveries[$0].span }).subtracting(orphaned).subtracting(
      inFlight)
    // A listening stretch that ends in a failure the app showed the user, or in the screen being
    // dismissed, has no stop to drain at: what it had not yet handed the analyzer (its queue, its
    // converter's tail) has nowhere to go.
    // (The next session's silence may be placed up to its slack before where the stretch ended.)
    let failedEnds = Self.stretchEndsInFailure(report.deliveries, timeline: run.timeline)
    let slack = Int(AudioConservation.silencePlacementSlack * rate)
    let lost = expected.subtracting(report.received).spans.filter { span in
      Double(span.count) / rate >= Self.shortestLoss
        && !failedEnds.contains { span.upperBound <= $0 + 1 && span.upperBound >= $0 - slack }
    }
    let lostSeconds = Double(lost.reduce(0) { $0 + $1.count }) / rate
    // A stack that drops audio on purpose (a bounded queue) drops whole buffers of its own, which
    // start and end inside tap buffers: the blocks at those seams straddle two places and the
    // alignment settles in a step or two. With a declared loss such seams are not judged.
    // A stack that reports its input queue and counts what it dropped has declared that loss too:
    // up to the audio of the buffers it says it dropped (at the size of the buffers it queues).
    // Each subject counts from zero: after a dismissal the next one's count starts again, so the
    // drops are each subject's last count, summed.
    var droppedBuffers = 0, subjectDropped = 0
    for report in run.timeline.events(StackInputEvent.self) {
      if report.event.dropped < subjectDropped { droppedBuffers += subjectDropped }
      subjectDropped = report.event.dropped
    }
    droppedBuffers += subjectDropped
    let reportedLoss =
      droppedBuffers == 0
      ? 0
      : Self.declaredLoss(
        droppedBuffers: droppedBuffers, receivedSamples: report.receivedSamples, listening: listening,
        deliveries: report.deliveries, timeline: run.timeline)
    // Each drop's seam may misplace up to a comparison block (the block straddling the drop is
    // judged before the alignment jumps): with buffers of a few milliseconds that is as much as the
    // drop itself (found by explore: 53 drops of 9 ms, 0.28 s of seams).
    let seamAllowance = Double(droppedBuffers) * Double(AudioConservation.block) / rate
    // Input the analyzer rejected for its format is the analyzer-input-format invariant's to report.
    let allowedLoss =
      DurationText.seconds(expectation.maximumLost) + max(reportedLoss * 1.5, reportedLoss + seamAllowance)
      + report.rejectedSeconds
    // With a declared or reported loss the seams of the drops are not judged; without, every
    // repeat and every garbled run is.
    let seams = allowedLoss > 0
    let rateSamples = { (seconds: Double) in Int(seconds * rate) }
    // A stack that reports dropping buffers drops them where its own buffers start and end, and the
    // alignment cannot tell a seam from a garbled span there: only its loss is judged.
    let judgesSeams = droppedBuffers == 0
    let secondary = Self.outsideLossSeams(report.problems, lost: lost, rate: rate)
    let repeated = secondary.filter {
      $0.kind == .repeated && judgesSeams && !(seams && $0.span.count < rateSamples(Self.seamRepeat))
    }
    let garbled = Self.overOneBlock(
      secondary.filter {
        $0.kind != .lost && $0.kind != .repeated && judgesSeams
          && !(seams && $0.span.count <= rateSamples(Self.seamGarbled))
      }, rate: rate)
    func seconds(_ problems: [AudioProblem]) -> Double { Double(problems.reduce(0) { $0 + $1.span.count }) / rate }
    var figures = [
      Figure("audio.tapSeconds", Double(expected.count) / rate, unit: .seconds),
      Figure("audio.receivedSeconds", Double(report.receivedSamples) / rate, unit: .seconds),
      Figure("audio.lostSeconds", lostSeconds, unit: .seconds),
      Figure("audio.repeatedSeconds", seconds(repeated), unit: .seconds),
      Figure("audio.garbledSeconds", seconds(garbled), unit: .seconds),
    ]
    if report.rejectedSeconds > 0 {
      figures.append(Figure("audio.rejectedSeconds", report.rejectedSeconds, unit: .seconds))
    }
    if let snr = report.worstSignalToNoise { figures.append(Figure("audio.worstSignalToNoise", snr, unit: .decibels)) }

    let place = Place(run: run, deliveries: report.deliveries)
    var failures: [ScenarioFailure] = []
    if droppedBuffers > 0 { figures.append(Figure("audio.reportedDropSeconds", reportedLoss, unit: .seconds)) }
    if !lost.isEmpty, lostSeconds > allowedLoss + Self.shortestLoss {
      failures.append(
        lostFailure(
          lost, seconds: lostSeconds, rejected: report.rejectedSeconds, place: place, listening: listening,
          deliveries: report.deliveries))
    }
    if !repeated.isEmpty { failures.append(repeatedFailure(repeated, lost: lost, place: place)) }
    for kind in [AudioProblem.Kind.silenced, .tooLoud, .tooQuiet, .foreign] {
      // Kinds under one comparison block are already left out (``overOneBlock``).
      let ofKind = garbled.filter { $0.kind == kind }
      if !ofKind.isEmpty { failures.append(garbledFailure(kind, ofKind, place: place)) }
    }
    // The spans behind the figures, for the report's lane: lost ones (named as the failure names
    // them), then repeated and garbled ones, each where the microphone heard it.
    let lostName = failures.contains { $0.check == CheckID(.audio, "tail") } ? "tail" : "lost"
    var marks = lost.prefix(AudioLane.markLimit).map { span in
      place.mark(CheckID(.audio, lostName), span, "never reached the analyzer: \(place.describe(span))")
    }
    for problem in (repeated + garbled).prefix(AudioLane.markLimit) {
      let at = problem.analyzerTime.map { " (at \(Place.seconds($0)) s of \(problem.analyzer)'s timeline)" } ?? ""
      let what =
        switch problem.kind {
        case .repeated: "reached the analyzer twice or out of order"
        case .silenced: "reached the analyzer as silence"
        case .tooLoud: "reached the analyzer far louder or clipped"
        case .tooQuiet: "reached the analyzer far quieter"
        case .foreign: "reached the analyzer as audio that is not the microphone's"
        case .lost: "never reached the analyzer"
        }
      marks.append(
        place.mark(
          CheckID(.audio, problem.kind.rawValue), problem.span, "\(what): \(place.describe(problem.span))\(at)"))
    }
    return CheckOutcome(figures: figures, failures: failures, attachments: marks)
  }

  /// How far from a lost span a short repeated or garbled span counts as that loss's seam: a tap
  /// buffer and a bit (the resampler's filter straddles the cut, and the alignment settles in a
  /// block or two after it).
  static let seamFold = 0.150

  /// `problems` without those folded into a loss: a repeat or garbled run no longer than
  /// ``seamFold`` and within it of a lost span is the loss's own seam, not a second cause (real
  /// speech at drop seams read as "a wrong sample scale" or "the wrong channel").
  static func outsideLossSeams(_ problems: [AudioProblem], lost: [Range<Int>], rate: Double) -> [AudioProblem] {
    let reach = Int(seamFold * rate)
    return problems.filter { problem in
      problem.kind == .lost || problem.span.count > reach
        || !lost.contains {
          problem.span.upperBound + reach >= $0.lowerBound && problem.span.lowerBound <= $0.upperBound + reach
        }
    }
  }

  /// Garbled runs of the kinds that add up to at least ``shortestGarbled``: less is the edge of
  /// one comparison block (a converter's first or last samples), reported neither as a failure
  /// nor as a figure or a mark.
  static func overOneBlock(_ garbled: [AudioProblem], rate: Double) -> [AudioProblem] {
    garbled.filter { problem in
      Double(garbled.filter { $0.kind == problem.kind }.reduce(0) { $0 + $1.span.count }) / rate >= shortestGarbled
    }
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
  /// failed, or the screen was dismissed while listening (the last tap buffer delivered while listening).
  static func stretchEndsInFailure(_ deliveries: RecordLog<TapDelivery>, timeline: Timeline) -> [Int] {
    var ends: [Int] = []
    var lastListening: Int?
    var next = 0
    var wasListening = false
    for event in timeline.events.only([UIStateEvent.kind, ScenarioStepEvent.kind, EngineBufferEvent.kind]) {
      if let state = UIStateEvent(event) {
        if wasListening, !state.isListening, state.phase.hasPrefix("failed"), let end = lastListening {
          ends.append(end)
        }
        wasListening = state.isListening
      }
      // The screen went away while listening: what the stack still held has no one to hear it.
      if ScenarioStepEvent(event)?.step == "dismiss", wasListening, let end = lastListening {
        ends.append(end)
        wasListening = false
      }
      while next < deliveries.count, let sequence = deliveries[next].traceSequence, sequence <= event.sequence {
        if sequence == event.sequence, wasListening { lastListening = deliveries[next].span.upperBound }
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
      Double(first.count) / AudioConservation.rate <= Self.longestTail
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
      "; the stack drops buffers between the tap and the analyzer (a try? that swallows a conversion error, a dropping queue, a converter released with audio inside) — send every converted buffer, or if the stack drops audio on purpose declare it with expect.audio: { maximumLost: \(Place.seconds(seconds + 0.05))s }"
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
    case .lost, .repeated:
      message = ""
    }
    return failure(kind.rawValue, message, span: first.span, place: place, analyzerTime: first.analyzerTime)
  }
}
