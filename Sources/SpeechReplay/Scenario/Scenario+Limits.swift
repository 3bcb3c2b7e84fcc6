import Foundation

extension Scenario {
  /// What the steps add up to: virtual time (waits, plays, interruptions; cycles multiply) and steps performed.
  public var totals: Totals {
    var tape = 0.0
    let measure = StepMeasure.measure(steps, audio: audioDuration, tape: &tape)
    return Totals(
      virtualTime: StepMeasure.duration(measure.seconds),
      steps: measure.steps >= Double(Int.max) ? Int.max : Int(measure.steps))
  }

  /// Checks the steps' totals against the larger of the scenario's `limits:` and `configured`.
  /// - Parameter configured: The runner's limits (the CLI's `--max-virtual-time`).
  /// - Throws: ``ScenarioError`` at the first step that goes past a limit, with the total and how to raise it.
  public func checkLimits(_ configured: Limits) throws(ScenarioError) {
    let limits = configured.raised(by: self.limits)
    var tape = 0.0
    let total = StepMeasure.measure(steps, audio: audioDuration, tape: &tape)
    if let limit = limits.virtualTime, total.seconds > DurationText.seconds(limit) {
      let (step, passes) = StepMeasure.locate(
        steps, audio: audioDuration, limit: DurationText.seconds(limit), value: \.seconds)
      let needed = StepMeasure.roundedUp(total.seconds)
      throw ScenarioError(
        "the steps take \(StepMeasure.text(total.seconds)) of virtual time in all, more than the limit of \(StepMeasure.text(DurationText.seconds(limit))), "
          + "and this step\(passes) goes past it; shorten the waits or cycles, or raise the limit with 'limits: { virtualTime: \(needed) }' in the scenario "
          + "(or --max-virtual-time \(needed) on the command line)",
        at: step ?? SourceLocation(file: file, line: 1, column: 1))
    }
    if let limit = limits.steps, total.steps > Double(limit) {
      let (step, passes) = StepMeasure.locate(steps, audio: audioDuration, limit: Double(limit), value: \.steps)
      let shown = total.steps < 1e15 ? String(Int(total.steps)) : String(format: "%.3g", total.steps)
      let needed = total.steps < 1e15 ? String(Int(total.steps)) : shown
      throw ScenarioError(
        "the run performs \(shown) steps in all (cycles multiply), more than the limit of \(limit), and this step\(passes) goes past it; "
          + "lower the cycle counts, or raise the limit with 'limits: { steps: \(needed) }' in the scenario",
        at: step ?? SourceLocation(file: file, line: 1, column: 1))
    }
  }
}

/// Sums a scenario's steps without running them (seconds and step counts as Double, so nested
/// cycles of 10⁴ × 10⁴ × 10⁴ passes neither overflow nor take long).
enum StepMeasure {
  struct Measure {
    var seconds = 0.0
    var steps = 0.0
    static func + (a: Measure, b: Measure) -> Measure {
      Measure(seconds: a.seconds + b.seconds, steps: a.steps + b.steps)
    }
    static func * (a: Measure, n: Double) -> Measure { Measure(seconds: a.seconds * n, steps: a.steps * n) }
  }

  /// The totals of `steps`, with the tape (seconds of the audio file played so far) moving on as plays do.
  static func measure(_ steps: [Scenario.Step], audio: Double, tape: inout Double) -> Measure {
    var total = Measure()
    for step in steps { total = total + measure(step, audio: audio, tape: &tape) }
    return total
  }

  static func measure(_ step: Scenario.Step, audio: Double, tape: inout Double) -> Measure {
    switch step.action {
    case .play(.duration(let duration)):
      tape += DurationText.seconds(duration)
      return Measure(seconds: DurationText.seconds(duration), steps: 1)
    case .play(.toEnd):
      let left = max(0, audio - tape)
      tape = max(tape, audio)
      return Measure(seconds: left, steps: 1)
    case .wait(let duration), .interrupt(let duration, _):
      return Measure(seconds: DurationText.seconds(duration), steps: 1)
    case .cycle(let count, let inner):
      let (first, rest) = passes(inner, audio: audio, tape: &tape, count: count)
      return Measure(steps: 1) + first + rest * Double(max(0, count - 1))
    default:
      return Measure(steps: 1)
    }
  }

  /// The first pass of a cycle and each later one (they differ only when the first plays the audio to its end).
  private static func passes(
    _ inner: [Scenario.Step], audio: Double, tape: inout Double, count: Int
  ) -> (first: Measure, rest: Measure) {
    let before = tape
    let first = measure(inner, audio: audio, tape: &tape)
    guard count > 1 else { return (first, Measure()) }
    if before >= audio || !playsToEnd(inner) {
      tape += (tape - before) * Double(count - 1)
      return (first, first)
    }
    let afterFirst = tape
    let rest = measure(inner, audio: audio, tape: &tape)
    tape = afterFirst + (tape - afterFirst) * Double(count - 1)
    return (first, rest)
  }

  private static func playsToEnd(_ steps: [Scenario.Step]) -> Bool {
    steps.contains {
      switch $0.action {
      case .play(.toEnd): true
      case .cycle(_, let inner): playsToEnd(inner)
      default: false
      }
    }
  }

  /// The innermost step at which the running total of `value` first exceeds `limit`, and the cycle
  /// passes it sits in (` (pass 3 of 10000 of the cycle at line 4)`).
  static func locate(
    _ steps: [Scenario.Step], audio: Double, limit: Double, value: KeyPath<Measure, Double>
  ) -> (SourceLocation?, String) {
    var tape = 0.0
    var base = 0.0
    return locate(steps, audio: audio, limit: limit, value: value, base: &base, tape: &tape)
  }

  private static func locate(
    _ steps: [Scenario.Step], audio: Double, limit: Double, value: KeyPath<Measure, Double>, base: inout Double,
    tape: inout Double
  ) -> (SourceLocation?, String) {
    for step in steps {
      var after = tape
      let whole = measure(step, audio: audio, tape: &after)
      guard base + whole[keyPath: value] > limit else {
        base += whole[keyPath: value]
        tape = after
        continue
      }
      guard case .cycle(let count, let inner) = step.action else { return (step.location, "") }
      base += Measure(steps: 1)[keyPath: value]
      if base > limit { return (step.location, "") }
      var passTape = tape
      let (first, rest) = passes(inner, audio: audio, tape: &passTape, count: count)
      var pass = 1
      if base + first[keyPath: value] <= limit {
        base += first[keyPath: value]
        var restTape = tape
        _ = measure(inner, audio: audio, tape: &restTape)
        tape = restTape
        let each = rest[keyPath: value]
        let whole = each > 0 ? ((limit - base) / each).rounded(.down) : 0
        base += whole * each
        pass = 2 + Int(min(whole, Double(count)))
      }
      let (location, inside) = locate(inner, audio: audio, limit: limit, value: value, base: &base, tape: &tape)
      return (
        location ?? step.location,
        "\(inside) (pass \(min(pass, count)) of \(count) of the cycle at line \(step.location.line))"
      )
    }
    return (nil, "")
  }

  /// Seconds as a Duration, saturating.
  static func duration(_ seconds: Double) -> Duration {
    seconds >= 1e15 ? .seconds(Int64(1e15)) : .nanoseconds(Int64((seconds * 1e9).rounded()))
  }

  /// A span for messages: `789ms`, `1.79s`, `2h 0m`, `1157 days`.
  static func text(_ seconds: Double) -> String {
    if seconds < 1 { return "\(Int((seconds * 1000).rounded()))ms" }
    if seconds < 60 { return String(format: "%.3gs", seconds) }
    if seconds < 3600 { return "\(Int(seconds / 60))m \(Int(seconds.truncatingRemainder(dividingBy: 60)))s" }
    if seconds < 86_400 * 3 {
      return "\(Int(seconds / 3600))h \(Int(seconds.truncatingRemainder(dividingBy: 3600) / 60))m"
    }
    if seconds < 86_400 * 1e6 { return "\(Int(seconds / 86_400)) days" }
    return String(format: "%.3g days", seconds / 86_400)
  }

  /// A duration a scenario can write that covers `seconds`: `3h`, `45m`, `90s`.
  static func roundedUp(_ seconds: Double) -> String {
    if seconds <= 60 { return "\(Int(seconds.rounded(.up)))s" }
    if seconds <= 3600 * 3 { return "\(Int((seconds / 60).rounded(.up)))m" }
    if seconds < 1e12 { return "\(Int((seconds / 3600).rounded(.up)))h" }
    return String(format: "%.0fh", (seconds / 3600).rounded(.up))
  }
}
