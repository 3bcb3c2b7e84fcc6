import SimulatedDevice
import Simulation

/// What the audio check makes of a run's audio, in the verdict's steps: what it expected to reach
/// an analyzer, what was lost (expected, and received by no analyzer), repeated or garbled, how
/// much loss is allowed, and every excuse with the spans it covers (``AudioExcuse``).
struct AudioJudgement {
  /// What the monitor saw.
  let report: AudioConservation.Report
  /// The positions in `report.deliveries` of the tap buffers expected: delivered while listening,
  /// not after an analyzer failed (until the next one received its first input).
  private(set) var listening: [Int] = []
  /// Reference spans expected to reach an analyzer.
  private(set) var expected = AudioSpanSet()
  /// Expected spans no analyzer received (the one meaning of lost), excuses applied.
  private(set) var lost: [Range<Int>] = []
  /// Repeats and garbled runs held against the stack.
  private(set) var repeated: [AudioProblem] = []
  private(set) var garbled: [AudioProblem] = []
  /// Buffers the stack reported dropping, and the seconds of audio that declares.
  private(set) var droppedBuffers = 0
  private(set) var reportedLoss = 0.0
  /// Seconds of loss that pass.
  private(set) var allowedLoss = 0.0
  /// Spans excused, by reason.
  private(set) var excused: [AudioExcuse.Reason: AudioSpanSet] = [:]

  private var tuning: AudioConservation.Tuning { AudioConservation.tuning }
  private var rate: Double { AudioConservation.rate }

  /// Judges `report` against the run's timeline, with `maximumLost` seconds of declared loss.
  init(report: AudioConservation.Report, timeline: Timeline, maximumLost: Double) {
    self.report = report
    judgeExpected(timeline)
    judgeLost(timeline)
    judgeAllowance(timeline, maximumLost: maximumLost)
    judgeProblems()
  }

  /// Seconds lost.
  var lostSeconds: Double { Double(lost.reduce(0) { $0 + $1.count }) / rate }

  /// Whether the loss is more than allowed.
  var failsLoss: Bool { !lost.isEmpty && lostSeconds > allowedLoss + tuning.shortestLoss }

  /// Every excuse that covers something, in the verdict's order.
  var excuses: [AudioExcuse] {
    AudioExcuse.Reason.allCases.compactMap { reason in
      excused[reason].flatMap { $0.count > 0 ? AudioExcuse(reason: reason, spans: $0) : nil }
    }
  }

  /// The check's figures: tapped (expected), received, lost, repeated, garbled, the worst
  /// signal-to-noise ratio, rejected and reported drops when there are any, then the excuses.
  var figures: [Figure] {
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
    if droppedBuffers > 0 { figures.append(Figure("audio.reportedDropSeconds", reportedLoss, unit: .seconds)) }
    return figures + excuses.map(\.figure)
  }

  private mutating func excuse(_ reason: AudioExcuse.Reason, _ spans: some Sequence<Range<Int>>) {
    for span in spans { excused[reason, default: AudioSpanSet()].insert(span) }
  }

  /// Expected: the tap buffers delivered while the app listened, but for what had nowhere to go
  /// (after an analyzer failed; what a failed or dismissed session's stack still held) and what
  /// was still in flight when the run ended.
  private mutating func judgeExpected(_ timeline: Timeline) {
    let report = self.report
    var afterFailure = AudioSpanSet()
    // After an analyzer failed, the tap's audio has nowhere to go until the app starts another one.
    // Positions in `report.deliveries`, not copies: an hours-long run has a delivery per tap buffer.
    listening = AudioCheck.listeningDeliveries(report.deliveries, timeline: timeline).filter { position in
      let delivery = report.deliveries[position]
      let failedBefore = report.analyzerFailures.contains { failure in
        delivery.virtualTime >= failure.virtualTime
          && !report.analyzerFirstInputs.contains { $0 > failure.virtualTime && $0 <= delivery.virtualTime }
      }
      if failedBefore { afterFailure.insert(delivery.span) }
      return !failedBefore
    }
    // So with the analyzer a dismissed screen's stack ended (in the instant of the `dismiss` step,
    // while the screen listened): what it still held is heard by no one.
    let dismissals = AudioCheck.dismissalsWhileListening(timeline)
    let tolerance = tuning.dismissalTolerance
    let dismissedEnds = report.analyzerFinishes.filter { finish in
      dismissals.contains { abs($0 - finish.virtualTime) < tolerance }
    }
    let orphaned = AudioSpanSet(
      (report.analyzerFailures + dismissedEnds).compactMap(\.receivedThrough).map { failure in
        failure..<(report.received.spans.first { $0.lowerBound > failure }?.lowerBound ?? Int.max / 2)
      })
    // A run that ends while the app still listens leaves the newest audio in flight (queued, or in
    // the converter): not lost, only not yet heard. So does one that ends while a stop is still
    // finalizing (a slow model reading its queue when the session ended by itself in the last
    // instant: found by `speech-replay explore`, issue 31): no stack could have delivered it sooner.
    let lastPhase = timeline.events(UIStateEvent.self).last?.event.phase
    let endsListening =
      lastPhase == UIState.Phase.listening.description || lastPhase == UIState.Phase.stopping.description
    let inFlight =
      endsListening ? AudioSpanSet([(report.received.spans.last?.upperBound ?? 0)..<Int.max / 2]) : AudioSpanSet()
    let tapped = AudioSpanSet(listening.lazy.map { report.deliveries[$0].span })
    let kept = tapped.subtracting(orphaned)
    expected = kept.subtracting(inFlight)
    excuse(.afterFailure, afterFailure.subtracting(tapped).spans)
    excuse(.orphaned, tapped.subtracting(kept).spans)
    excuse(.inFlight, kept.subtracting(expected).spans)
  }

  /// Lost: expected less what any analyzer received, but for spans too short to matter and the end
  /// of a stretch that ended in a failure the app showed or a dismissal (no stop to drain at: what
  /// the stack had not yet handed the analyzer has nowhere to go; the next session's silence may be
  /// placed up to its slack before where the stretch ended).
  private mutating func judgeLost(_ timeline: Timeline) {
    // A screen dismissed while its stack still finalized a stop ends its stretch as a dismissal does.
    let failedEnds =
      AudioCheck.stretchEndsInFailure(report.deliveries, timeline: timeline)
      + AudioCheck.stretchEndsDismissedWhileStopping(report.deliveries, timeline: timeline)
    let slack = Int(tuning.silencePlacementSlack * rate)
    let shortest = tuning.shortestLoss
    var edges: [Range<Int>] = []
    var ends: [Range<Int>] = []
    lost = expected.subtracting(report.received).spans.filter { span in
      guard Double(span.count) / rate >= shortest else {
        edges.append(span)
        return false
      }
      guard !failedEnds.contains(where: { span.upperBound <= $0 + 1 && span.upperBound >= $0 - slack }) else {
        ends.append(span)
        return false
      }
      return true
    }
    excuse(.comparisonEdge, edges)
    excuse(.failedStretchEnd, ends)
  }

  /// The loss allowed: declared by the scenario, declared by a stack that reports its drops, and
  /// input the analyzer rejected; when the loss passes, each allowance excuses its share of it.
  private mutating func judgeAllowance(_ timeline: Timeline, maximumLost: Double) {
    // Each subject counts from zero: after a dismissal the next one's count starts again, so the
    // drops are each subject's last count, summed.
    var subjectDropped = 0
    for input in timeline.events(StackInputEvent.self) {
      if input.event.dropped < subjectDropped { droppedBuffers += subjectDropped }
      subjectDropped = input.event.dropped
    }
    droppedBuffers += subjectDropped
    reportedLoss =
      droppedBuffers == 0
      ? 0
      : AudioCheck.declaredLoss(
        droppedBuffers: droppedBuffers, receivedSamples: report.receivedSamples, listening: listening,
        deliveries: report.deliveries, timeline: timeline)
    // Each drop's seam may misplace up to a comparison block (the block straddling the drop is
    // judged before the alignment jumps): with buffers of a few milliseconds that is as much as the
    // drop itself (found by explore: 53 drops of 9 ms, 0.28 s of seams).
    let seamAllowance = Double(droppedBuffers) * Double(AudioConservation.block) / rate
    let reportedAllowance = max(reportedLoss * tuning.reportedDropFactor, reportedLoss + seamAllowance)
    allowedLoss = maximumLost + reportedAllowance + report.rejectedSeconds
    guard !lost.isEmpty, !failsLoss else { return }
    var remaining = lost
    excuse(.rejectedInput, AudioExcuse.take(report.rejectedSeconds, from: &remaining).spans)
    excuse(.reportedDrops, AudioExcuse.take(reportedAllowance, from: &remaining).spans)
    excuse(.declaredLoss, AudioExcuse.take(maximumLost, from: &remaining).spans)
    // What is left passes by the shortest loss's margin.
    excuse(.comparisonEdge, remaining)
  }

  /// Repeats and garbled runs: with a declared or reported loss the seams of its drops are not
  /// judged (a stack that drops on purpose drops whole buffers of its own, which start and end
  /// inside tap buffers: the blocks at those seams straddle two places and the alignment settles
  /// in a step or two); a stack that reports dropping buffers has only its loss judged. A kind of
  /// garbling shorter in all than two blocks is the edge of a comparison.
  private mutating func judgeProblems() {
    let seams = allowedLoss > 0
    let judgesSeams = droppedBuffers == 0
    let seamRepeat = Int(tuning.seamRepeat * rate)
    let seamGarbled = Int(tuning.seamGarbled * rate)
    for problem in report.problems where problem.kind != .skipped {
      let isRepeat = problem.kind == .repeated
      if !judgesSeams {
        excuse(.reportedDrops, [problem.span])
      } else if Self.outsideLossSeams([problem], lost: lost, rate: rate).isEmpty {
        excuse(.lossSeams, [problem.span])
      } else if seams && (isRepeat ? problem.span.count < seamRepeat : problem.span.count <= seamGarbled) {
        excuse(.dropSeams, [problem.span])
      } else if isRepeat {
        repeated.append(problem)
      } else {
        garbled.append(problem)
      }
    }
    let overOneBlock = Self.overOneBlock(garbled, rate: rate)
    // The edge of one comparison block: not a failure, a figure or a mark.
    excuse(.comparisonEdge, garbled.filter { !overOneBlock.contains($0) }.map(\.span))
    garbled = overOneBlock
  }

  /// `problems` without those folded into a loss: a repeat or garbled run no longer than
  /// ``AudioConservation/Tuning/lossSeamReach`` and within it of a lost span is the loss's own
  /// seam, not a second cause (real speech at drop seams read as "a wrong sample scale" or "the
  /// wrong channel").
  static func outsideLossSeams(_ problems: [AudioProblem], lost: [Range<Int>], rate: Double) -> [AudioProblem] {
    let reach = Int(AudioConservation.tuning.lossSeamReach * rate)
    return problems.filter { problem in
      problem.kind == .skipped || problem.span.count > reach
        || !lost.contains {
          problem.span.upperBound + reach >= $0.lowerBound && problem.span.lowerBound <= $0.upperBound + reach
        }
    }
  }

  /// Garbled runs of the kinds that add up to at least ``AudioConservation/Tuning/shortestGarbled``:
  /// less is the edge of one comparison block (a converter's first or last samples).
  static func overOneBlock(_ garbled: [AudioProblem], rate: Double) -> [AudioProblem] {
    let shortest = AudioConservation.tuning.shortestGarbled
    return garbled.filter { problem in
      Double(garbled.filter { $0.kind == problem.kind }.reduce(0) { $0 + $1.span.count }) / rate >= shortest
    }
  }
}
