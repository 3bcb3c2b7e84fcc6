import AVFAudioTwin
import Foundation
import Simulation
import SpeechReplay
import SpeechTwin

/// One scenario's timeline in the Trace Event Format (JSON object form), which Perfetto's UI
/// (ui.perfetto.dev) and `chrome://tracing` open: one track (thread) per lane of the HTML page,
/// virtual time on the axis, events as slices (`X`), instants (`i`) or counters (`C`) with their
/// fields as arguments. The "main-actor jobs" track shows where the simulation ran main-actor jobs
/// (virtual time does not move during a job, so each virtual instant with main-actor work is one
/// instant event) with the wall time they held the thread as arguments.
///
/// The format is Google's "Trace Event Format" document; the fields used here are `name`, `cat`,
/// `ph`, `ts` and `dur` (microseconds), `pid`, `tid`, `s` (an instant's scope) and `args`, plus `M`
/// metadata events naming the process and the threads and ordering the threads as the page does.
///
/// The same result, scenario and timeline give the same bytes but for wall time, which is only in
/// `otherData.wallSeconds` and the main-actor instants' `wall (ms)` and `longest (ms)` arguments
/// (keys sorted); it is never part of the run's trace hash.
///
/// ```swift
/// let trace = PerfettoTrace(
///   result: run.result, scenario: scenario, timeline: run.timeline, mainActorJobs: run.mainActorJobs)
/// try trace.encoded().write(to: URL(fileURLWithPath: "hello.trace.json"))
/// ```
package struct PerfettoTrace {
  /// The scenario's result.
  package var result: ScenarioResult
  /// The scenario, when its file could be loaded (budgets, snapshot lines for failure times).
  package var scenario: Scenario?
  /// The run's timeline (empty for a worker that crashed).
  package var timeline: Timeline
  /// The run's main-actor jobs with their wall time (empty when the worker measured none).
  package var mainActorJobs: [MainActorJob]

  /// Creates a trace of one scenario run.
  ///
  /// - Parameters:
  ///   - result: The result.
  ///   - scenario: The scenario, when it could be loaded.
  ///   - timeline: The run's timeline; `nil` gives a trace with the failures only.
  ///   - mainActorJobs: The run's main-actor jobs with their wall time.
  package init(result: ScenarioResult, scenario: Scenario?, timeline: Timeline?, mainActorJobs: [MainActorJob] = []) {
    self.result = result
    self.scenario = scenario
    self.timeline = timeline ?? Timeline(events: [])
    self.mainActorJobs = mainActorJobs
  }

  /// The tracks, in the order of the HTML page's lanes; the thread id is the position from 1.
  package static let tracks = [
    "user steps", "phase", "taps", "converter", "analyzer input", "model results", "UI text", "main-actor jobs",
    "latency", "ledger",
    "diagnostics", "failures", "other events",
  ]

  /// The process id every event carries (one scenario per file).
  static let pid = 1

  /// One event of the Trace Event Format.
  package struct Event: Codable, Sendable, Equatable {
    /// The event's name (what the slice shows).
    package var name: String
    /// Comma-separated categories: the lane, and the trace kind where there is one.
    package var cat: String?
    /// The phase: `X` complete slice, `i` instant, `C` counter, `M` metadata.
    package var ph: String
    /// Start in microseconds of virtual time.
    package var ts: Double?
    /// Duration in microseconds (`X` only).
    package var dur: Double?
    /// Process and thread ids.
    package var pid: Int
    package var tid: Int?
    /// An instant's scope: `t` thread, `p` process.
    package var s: String?
    /// The event's fields.
    package var args: [String: Argument]?
  }

  /// An argument's value: text, or a number (counters need numbers).
  package enum Argument: Codable, Sendable, Equatable {
    case text(String)
    case number(Double)

    package func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .text(let text): try container.encode(text)
      case .number(let number): try container.encode(number)
      }
    }

    package init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Double.self) {
        self = .number(number)
      } else {
        self = .text(try container.decode(String.self))
      }
    }
  }

  /// The whole file: events and what the run was.
  package struct File: Codable, Sendable {
    package var traceEvents: [Event]
    package var displayTimeUnit: String
    package var otherData: [String: String]
  }

  /// The trace's events: metadata first, then each lane's events in time order.
  package func events() -> [Event] {
    var events: [Event] = [
      Event(name: "process_name", ph: "M", pid: Self.pid, tid: 0, args: ["name": .text(result.name)])
    ]
    for (index, track) in Self.tracks.enumerated() {
      events.append(Event(name: "thread_name", ph: "M", pid: Self.pid, tid: index + 1, args: ["name": .text(track)]))
      events.append(
        Event(
          name: "thread_sort_index", ph: "M", pid: Self.pid, tid: index + 1,
          args: ["sort_index": .number(Double(index))]))
    }
    let end = max(result.virtualSeconds, timeline.events.last.map { $0.time.seconds } ?? 0)
    var shown: Set<Int> = []
    events +=
      steps(&shown) + phases(&shown, end: end) + dense(&shown) + results(&shown, end: end) + uiText(&shown, end: end)
    events += mainActor() + latencies() + ledger(&shown) + diagnostics(&shown) + failures(end: end) + others(shown)
    return events
  }

  /// The trace file's bytes: sorted keys, so the same run gives the same bytes.
  ///
  /// - Returns: JSON in the Trace Event Format's object form.
  /// - Throws: An encoding error (none is expected: every value is finite).
  package func encoded() throws -> Data {
    var other = [
      "scenario": result.name, "file": result.file, "seed": String(result.seed), "status": result.status.rawValue,
      "virtualSeconds": HTMLWriter.seconds(result.virtualSeconds),
      "wallSeconds": HTMLWriter.seconds(result.wallSeconds),
      "clock": "virtual time: ts and dur are microseconds of the simulation's clock, not of the machine's",
      "tool": "speech-replay \(RunMetadata.toolVersion)",
    ]
    if !result.traceHash.isEmpty { other["traceHash"] = result.traceHash }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return try encoder.encode(File(traceEvents: events(), displayTimeUnit: "ms", otherData: other))
  }

  // MARK: lanes

  static func tid(_ track: String) -> Int { (tracks.firstIndex(of: track) ?? tracks.count - 1) + 1 }

  static func micros(_ seconds: Double) -> Double { (seconds * 1_000_000 * 1000).rounded() / 1000 }

  static func micros(_ duration: Duration) -> Double { micros(duration.seconds) }

  /// Every field of an event, plus its sequence number and kind.
  static func arguments(_ event: TraceEvent) -> [String: Argument] {
    var args: [String: Argument] = ["sequence": .number(Double(event.sequence)), "kind": .text(event.kind.rawValue)]
    for field in event.fields { args[field.name] = .text(field.value) }
    return args
  }

  func instant(_ event: TraceEvent, name: String, track: String) -> Event {
    Event(
      name: name, cat: "\(track),\(event.kind.rawValue)", ph: "i", ts: Self.micros(event.time), pid: Self.pid,
      tid: Self.tid(track), s: "t",
      args: Self.arguments(event))
  }

  func slice(_ event: TraceEvent, name: String, track: String, until end: Double) -> Event {
    let start = Self.micros(event.time)
    return Event(
      name: name, cat: "\(track),\(event.kind.rawValue)", ph: "X", ts: start, dur: max(0, Self.micros(end) - start),
      pid: Self.pid,
      tid: Self.tid(track), args: Self.arguments(event))
  }

  func steps(_ shown: inout Set<Int>) -> [Event] {
    timeline.events.compactMap { event in
      guard let step = ScenarioStepEvent(event) else { return nil }
      shown.insert(event.sequence)
      return instant(event, name: step.step, track: "user steps")
    }
  }

  /// A slice per phase, lasting until the phase changes.
  func phases(_ shown: inout Set<Int>, end: Double) -> [Event] {
    var states: [(TraceEvent, UIStateEvent)] = []
    for event in timeline.events {
      guard let state = UIStateEvent(event) else { continue }
      shown.insert(event.sequence)
      if states.last?.1.phase != state.phase { states.append((event, state)) }
    }
    return states.enumerated().map { index, pair in
      let until = index + 1 < states.count ? states[index + 1].0.time.seconds : end
      return slice(pair.0, name: pair.1.phase, track: "phase", until: until)
    }
  }

  func dense(_ shown: inout Set<Int>) -> [Event] {
    var events: [Event] = []
    for event in timeline.events {
      if EngineBufferEvent(event) != nil {
        events.append(instant(event, name: "tap buffer", track: "taps"))
      } else if event.kind == .converterConvert {
        events.append(instant(event, name: "convert", track: "converter"))
      } else if let input = AnalyzerInputEvent(event) {
        events.append(instant(event, name: input.accepted ? "accepted" : "rejected", track: "analyzer input"))
      } else {
        continue
      }
      shown.insert(event.sequence)
    }
    return events
  }

  /// A slice per result, lasting until the same analyzer's next result (as the page draws it).
  func results(_ shown: inout Set<Int>, end: Double) -> [Event] {
    let results = timeline.events.compactMap { event in AnalyzerResultEvent(event).map { (event, $0) } }
    return results.enumerated().map { index, pair in
      let (event, result) = pair
      shown.insert(event.sequence)
      let next = results[(index + 1)...].first { $0.1.analyzer == result.analyzer }.map { $0.0.time.seconds } ?? end
      let name =
        result.isFinal ? "final: \(result.text)" : (result.text.isEmpty ? "withdrawn" : "volatile: \(result.text)")
      return slice(event, name: TimelineLanes.tail(name, 120), track: "model results", until: next)
    }
  }

  /// A slice per change of the text on screen, lasting until the next change.
  func uiText(_ shown: inout Set<Int>, end: Double) -> [Event] {
    var changes: [(TraceEvent, UIStateEvent)] = []
    for event in timeline.events {
      guard let state = UIStateEvent(event) else { continue }
      if let last = changes.last?.1, last.committed == state.committed, last.volatile == state.volatile { continue }
      changes.append((event, state))
    }
    return changes.enumerated().map { index, pair in
      let until = index + 1 < changes.count ? changes[index + 1].0.time.seconds : end
      let text = pair.1.committed + (pair.1.volatile.isEmpty ? "" : " [\(pair.1.volatile)]")
      return slice(
        pair.0, name: text.isEmpty ? "(empty)" : TimelineLanes.tail(text, 120), track: "UI text", until: until)
    }
  }

  /// One instant per virtual instant at which main-actor jobs ran: how many, the wall time they held
  /// the thread together and the longest one's, and the events they recorded. The name says
  /// "over the hang bound" when a job held the thread longer than the scenario's hang bound.
  func mainActor() -> [Event] {
    var groups: [[MainActorJob]] = []
    for job in mainActorJobs {
      if let last = groups.last?.last, last.virtualTime == job.virtualTime {
        groups[groups.count - 1].append(job)
      } else {
        groups.append([job])
      }
    }
    let bound = scenario?.expectations.invariants.effectiveMainActorHang ?? InvariantChecker.defaultMainActorHang
    return groups.map { jobs in
      let wall = jobs.reduce(Duration.zero) { $0 + $1.wallTime }
      let longest = jobs.map(\.wallTime).max() ?? .zero
      let recorded = jobs.filter { !$0.events.isEmpty }
      var args: [String: Argument] = [
        "jobs": .number(Double(jobs.count)),
        "events recorded": .number(Double(jobs.reduce(0) { $0 + $1.events.count })),
        "wall (ms)": .number(Self.milliseconds(wall)), "longest (ms)": .number(Self.milliseconds(longest)),
      ]
      if let first = recorded.first, let last = recorded.last {
        args["first event"] = .number(Double(first.events.lowerBound))
        args["last event"] = .number(Double(last.events.upperBound - 1))
      }
      let count = jobs.count == 1 ? "1 job" : "\(jobs.count) jobs"
      return Event(
        name: "main actor: \(count)" + (longest > bound ? ", over the hang bound" : ""), cat: "main-actor jobs",
        ph: "i", ts: Self.micros(jobs[0].virtualTime), pid: Self.pid, tid: Self.tid("main-actor jobs"), s: "t",
        args: args)
    }
  }

  /// Wall time in milliseconds, to the microsecond.
  static func milliseconds(_ duration: Duration) -> Double { (duration.seconds * 1_000_000).rounded() / 1000 }

  /// Each wait the budget check measures (first volatile, final after speech end, model ready,
  /// stop to idle, cycle), budgeted or not, as a slice from when it began to when it ended, named
  /// `measure 0.350s`; a measure the scenario budgets carries its budget and whether the wait went
  /// over it. Cycle passes and waits that were never measured are left out: they have no end on
  /// the timeline (the run's figures have them).
  func latencies() -> [Event] {
    guard let scenario else { return [] }
    let limits = scenario.expectations.budgets.limits
    return ScenarioRunner.latencySamples(scenario, timeline: timeline).compactMap { sample in
      var args: [String: Argument] = ["measure": .text(sample.measure.rawValue), "wait": .text(sample.label)]
      if let limit = limits.filter({ $0.measure == sample.measure }).map({ $0.limit.seconds }).min() {
        args["budget (s)"] = .number(limit)
        if let value = sample.value { args["over"] = .text(value.seconds > limit + 1e-9 ? "yes" : "no") }
      }
      guard let value = sample.value.map(\.seconds), let end = sample.end.map(\.seconds) else { return nil }
      args["measured (s)"] = .number(value)
      return Event(
        name: "\(sample.measure.rawValue) \(HTMLWriter.seconds(value))s", cat: "latency", ph: "X",
        ts: Self.micros(end - value), dur: Self.micros(value), pid: Self.pid, tid: Self.tid("latency"), args: args)
    }
  }

  /// A counter per resource kind: how many are open.
  func ledger(_ shown: inout Set<Int>) -> [Event] {
    var open: [String: Int] = [:]
    var events: [Event] = []
    for event in timeline.events {
      let kind: String, change: Int
      if let acquired = ResourceAcquiredEvent(event) {
        (kind, change) = (acquired.resource.rawValue, 1)
      } else if let released = ResourceReleasedEvent(event) {
        (kind, change) = (released.resource.rawValue, -1)
      } else {
        continue
      }
      shown.insert(event.sequence)
      open[kind, default: 0] += change
      events.append(
        Event(
          name: "ledger: \(kind)", cat: "ledger", ph: "C", ts: Self.micros(event.time), pid: Self.pid,
          tid: Self.tid("ledger"), args: ["open": .number(Double(open[kind]!))]))
    }
    return events
  }

  func diagnostics(_ shown: inout Set<Int>) -> [Event] {
    timeline.events(of: .diagnostic).map { event in
      shown.insert(event.sequence)
      return instant(event, name: TimelineLanes.truncated(event["message"] ?? "diagnostic", 120), track: "diagnostics")
    }
  }

  /// Each failure at its virtual time (the end of the run for one about the whole run), as a process-wide instant (a line across the tracks).
  func failures(end: Double) -> [Event] {
    let times = result.failures.map { min($0.virtualTime ?? end, end) }
    return zip(result.failures, times).enumerated().map { index, pair in
      Event(
        name: "failure \(index + 1): \(TimelineLanes.truncated(pair.0.message, 100))", cat: "failures", ph: "i",
        ts: Self.micros(pair.1), pid: Self.pid,
        tid: Self.tid("failures"), s: "p", args: ["message": .text(pair.0.description)])
    }
  }

  /// Everything no lane shows (lifecycle, assets, session, notes), so nothing in the timeline is lost.
  func others(_ shown: Set<Int>) -> [Event] {
    timeline.events.filter { !shown.contains($0.sequence) }.map {
      instant($0, name: $0.kind.rawValue, track: "other events")
    }
  }
}
