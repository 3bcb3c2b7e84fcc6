import Foundation
import Simulation
import SpeechReplay
import SpeechReplayCLI
import SpeechReplayTestSupport
import SpeechTwin
import Testing

/// `explain --perfetto FILE` and `run --perfetto DIR`: a scenario's timeline in the Trace Event
/// Format, checked against the format by ``TraceEventFormat`` (a strict reader) and against the run.
@Suite struct PerfettoTraceTests {
  /// The failing scenario of the HTML report's tests: results, a withdrawal, a snapshot failure.
  static var failing: String { HTMLReportBrowserTests.failing }

  @Test func explainWritesATraceThatFollowsTheFormatWithOneTrackPerLane() throws {
    let folder = try TemporaryFolder(prefix: "PerfettoTraceTests")
    defer { folder.remove() }
    try folder.linkAudioFixtures()
    let file = try folder.write("failing.yaml", Self.failing)
    let out = folder.url.appendingPathComponent("failing.trace.json")
    let run = try CommandLineRun(["explain", file, "--perfetto", out.path])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains("status: failed"))
    let trace = try TraceEventFormat.read(try Data(contentsOf: out))
    #expect(trace.displayTimeUnit == "ms")
    #expect(trace.otherData["scenario"] == "a <script> transcript & a wrong snapshot")
    #expect(trace.otherData["clock"]?.hasPrefix("virtual time") == true)

    // One named thread per lane, in the page's order.
    let names = trace.events.filter { $0.ph == "M" && $0.name == "thread_name" }.map {
      $0.args["name"] as? String ?? ""
    }
    #expect(names == PerfettoTrace.tracks)
    func track(_ name: String) -> Int { PerfettoTrace.tracks.firstIndex(of: name)! + 1 }
    // Metadata events name the tracks; the rest are the timeline's.
    let events = trace.events.filter { $0.ph != "M" }

    // Against the run's own timeline: one slice per model result, one instant per step and tap buffer.
    let timeline = try #require(HTMLReport.readTimeline(at: try Self.timelineFile(file, in: folder)))
    let results = timeline.events(AnalyzerResultEvent.self)
    let resultSlices = events.filter { $0.tid == track("model results") && $0.ph == "X" }
    #expect(resultSlices.count == results.count)
    #expect(resultSlices.map(\.ts) == results.map { Self.micros($0.time) })
    #expect(resultSlices.contains { $0.name == "withdrawn" })
    #expect(resultSlices.last?.name == "final: Hello <b>world</b>.")
    let steps = timeline.events(ScenarioStepEvent.self)
    #expect(events.filter { $0.tid == track("user steps") }.map(\.name) == steps.map(\.step))
    let taps = timeline.events.filter { $0.kind == .engineBuffer }.count
    #expect(taps > 0)
    #expect(events.filter { $0.tid == track("taps") && $0.ph == "i" }.count == taps)
    // Every event of the timeline is in the trace exactly once (lanes, or "other events"), except
    // the UI states, which become phase and text slices.
    let fromEvents = events.filter {
      $0.ph == "i" && $0.s == "t" && $0.tid != track("main-actor jobs")
        || ($0.ph == "X" && ![track("phase"), track("UI text"), track("latency")].contains($0.tid))
    }
    let uiStates = timeline.events(UIStateEvent.self).count
    let ledger = events.filter { $0.ph == "C" }.count
    #expect(fromEvents.count + ledger + uiStates == timeline.events.count)
    // Fields are arguments.
    let firstResult = try #require(resultSlices.first)
    #expect(firstResult.args["kind"] as? String == "analyzer.result")
    #expect(firstResult.args["text"] as? String == "<script>document.body.setAttribute('data-pwned','1')</script> uh")

    // The failure is a process-wide instant where the snapshot was taken.
    let snapshot = try #require(timeline.events(ScenarioSnapshotEvent.self).first)
    let failure = try #require(events.first { $0.tid == track("failures") })
    #expect(failure.s == "p")
    #expect(failure.ts == Self.micros(snapshot.time))
    // Main-actor jobs: one instant per virtual instant with main-actor work, in time order, with
    // the wall time as arguments; the runner reads the UI on the main actor, so every UI state
    // event was recorded by the jobs of the instant at its time.
    let mainActor = events.filter { $0.tid == track("main-actor jobs") }
    #expect(mainActor.count > 1)
    #expect(mainActor.allSatisfy { $0.ph == "i" && $0.s == "t" && $0.cat == "main-actor jobs" })
    let times = mainActor.compactMap(\.ts)
    #expect(times == times.sorted() && Set(times).count == times.count, "one instant per virtual instant")
    for instant in mainActor {
      let jobs = try #require(TraceEventFormat.number(instant.args["jobs"]))
      let wall = try #require(TraceEventFormat.number(instant.args["wall (ms)"]))
      let longest = try #require(TraceEventFormat.number(instant.args["longest (ms)"]))
      #expect(jobs >= 1 && instant.name == "main actor: \(jobs == 1 ? "1 job" : "\(Int(jobs)) jobs")")
      #expect(longest >= 0 && longest <= wall + 0.001, "\(instant.args)")
    }
    for state in timeline.events(UIStateEvent.self) {
      let sequence = Double(state.sequence)
      #expect(
        mainActor.contains { instant in
          instant.ts == Self.micros(state.time)
            && TraceEventFormat.number(instant.args["first event"]).map { $0 <= sequence } == true
            && TraceEventFormat.number(instant.args["last event"]).map { $0 >= sequence } == true
        }, "UI state \(state.sequence) at \(state.time) is in no main-actor instant")
    }

    // Phases are slices that tile the run: each ends where the next begins.
    let phases = events.filter { $0.tid == track("phase") }
    #expect(!phases.isEmpty)
    for (a, b) in zip(phases, phases.dropFirst()) { #expect(a.ts! + a.dur! == b.ts!) }
  }

  @Test func everyMeasuredLatencyIsASliceOnTheLatencyTrackBudgetedOrNot() throws {
    let folder = try TemporaryFolder(prefix: "PerfettoTraceTests")
    defer { folder.remove() }
    try folder.linkAudioFixtures()
    // No budgets: the latencies are still drawn.
    let file = try folder.write("passing.yaml", HTMLReportBrowserTests.passing)
    let out = folder.url.appendingPathComponent("passing.trace.json")
    let json = folder.url.appendingPathComponent("passing.json")
    #expect(try CommandLineRun(["explain", file, "--perfetto", out.path]).status == 0)
    #expect(try CommandLineRun(["run", file, "--no-history", "--json", json.path]).status == 0)
    let figures = try #require(try JSONReport.decode(Data(contentsOf: json)).results.first?.figures)
    let tid = PerfettoTrace.tracks.firstIndex(of: "latency")! + 1
    let slices = try TraceEventFormat.read(try Data(contentsOf: out)).events.filter { $0.tid == tid && $0.ph != "M" }
    let measures = slices.compactMap { $0.args["measure"] as? String }
    #expect(Set(measures) == ["firstVolatile", "final", "modelReady", "stopToIdle"], "\(measures)")
    #expect(slices.allSatisfy { $0.ph == "X" && $0.args["budget (s)"] == nil })
    // Each slice's length is the latency the figures report, to the microsecond.
    for measure in Set(measures) {
      let drawn = slices.filter { $0.args["measure"] as? String == measure }
      let longest = drawn.compactMap { TraceEventFormat.number($0.args["measured (s)"]) }.max()
      let figure = try #require(figures["latency.\(measure).max"])
      #expect(longest == figure, "\(measure)")
      #expect(drawn.allSatisfy { abs(($0.dur ?? 0) / 1_000_000 - figure) < 1e-6 || drawn.count > 1 })
    }
    let final = try #require(slices.first { $0.args["measure"] as? String == "final" })
    #expect(final.name == "final \(String(format: "%.3f", figures["latency.final.max"]!))s")
  }

  @Test func runWritesOneTracePerScenarioAndTheSameRunGivesTheSameBytes() throws {
    let folder = try TemporaryFolder(prefix: "PerfettoTraceTests")
    defer { folder.remove() }
    try folder.linkAudioFixtures()
    try folder.write("suite/a.yaml", Self.failing)
    try folder.write("suite/b.yaml", HTMLReportBrowserTests.passing)
    try FileManager.default.createSymbolicLink(
      at: folder.url.appendingPathComponent("suite/audio"), withDestinationURL: TestFiles.audio)
    var outputs: [[String: Data]] = []
    for pass in 1...2 {
      let out = folder.url.appendingPathComponent("traces-\(pass)")
      let run = try CommandLineRun([
        "run", folder.url.appendingPathComponent("suite").path, "--no-history", "--perfetto", out.path,
      ])
      #expect(run.status == 1, "\(run.standardError)")
      let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
      #expect(names.count == 2 && names.allSatisfy { $0.hasSuffix(".yaml.trace.json") }, "\(names)")
      var files: [String: Data] = [:]
      for name in names {
        let data = try Data(contentsOf: out.appendingPathComponent(name))
        _ = try TraceEventFormat.read(data)
        files[name] = data
      }
      outputs.append(files)
    }
    // Same bytes but for wall time: the run's seconds and the main-actor jobs' milliseconds.
    func stripped(_ data: Data) -> String {
      String(decoding: data, as: UTF8.self).replacing(#/"wallSeconds":"[0-9.]+"/#, with: "")
        .replacing(#/"(longest|wall) \(ms\)":[0-9.e+-]+/#, with: "")
    }
    #expect(outputs[0].values.allSatisfy { String(decoding: $0, as: UTF8.self).contains(#""wall (ms)":"#) })
    #expect(outputs[0].mapValues(stripped) == outputs[1].mapValues(stripped))
  }

  @Test func mainActorJobsAtOneVirtualInstantAreOneInstantNamedAHangOverTheScenariosBound() throws {
    let scenario = try Scenario.parse(
      yaml: "schema: 1\nsteps: [start, { wait: 1s }, stop]\nexpect:\n  invariants:\n    mainActorHang: 100ms\n",
      file: "hang.yaml", relativeTo: ".")
    let jobs = [
      MainActorJob(virtualTime: .zero, wallTime: .microseconds(250), events: 0..<3),
      MainActorJob(virtualTime: .zero, wallTime: .microseconds(750), events: 3..<3),
      MainActorJob(virtualTime: .zero, wallTime: .milliseconds(1), events: 5..<7),
      MainActorJob(virtualTime: .milliseconds(1500), wallTime: .milliseconds(120), events: 9..<10),
    ]
    let trace = PerfettoTrace(
      result: ScenarioResult(name: "hang", file: "hang.yaml", status: .passed, seed: 1), scenario: scenario,
      timeline: nil, mainActorJobs: jobs)
    let data = try trace.encoded()
    let instants = try TraceEventFormat.read(data).events.filter { $0.cat == "main-actor jobs" }
    #expect(instants.map(\.name) == ["main actor: 3 jobs", "main actor: 1 job, over the hang bound"])
    #expect(instants.map(\.ts) == [0, 1_500_000])
    let first = try #require(instants.first)
    #expect(TraceEventFormat.number(first.args["wall (ms)"]) == 2)
    #expect(TraceEventFormat.number(first.args["longest (ms)"]) == 1)
    #expect(TraceEventFormat.number(first.args["events recorded"]) == 5)
    #expect(TraceEventFormat.number(first.args["first event"]) == 0)
    #expect(TraceEventFormat.number(first.args["last event"]) == 6)
    #expect(TraceEventFormat.number(instants.last?.args["longest (ms)"]) == 120)
  }

  @Test func theStrictReaderRejectsWhatTheFormatDoesNotAllow() throws {
    let bad = [
      #"{"traceEvents":[{"name":"a","ph":"X","ts":1,"pid":1,"tid":1}]}"#,  // X without dur
      #"{"traceEvents":[{"name":"a","ph":"i","ts":1,"pid":1,"tid":1,"s":"x"}]}"#,  // bad scope
      #"{"traceEvents":[{"name":"a","ph":"C","ts":1,"pid":1,"tid":1,"args":{"n":"1"}}]}"#,  // text counter
      #"{"traceEvents":[{"name":"a","ph":"i","ts":-1,"pid":1,"tid":1}]}"#,  // negative time
      #"{"traceEvents":[{"name":"a","ph":"i","ts":1,"pid":1,"tid":1,"colour":"red"}]}"#,  // unknown key
      #"{"traceEvents":[{"name":"nickname","ph":"M","pid":1,"args":{"name":"x"}}]}"#,  // unknown metadata
      #"{"traceEvents":[],"displayTimeUnit":"s"}"#,
    ]
    for text in bad {
      #expect(throws: TraceEventFormat.Violation.self, "\(text)") { try TraceEventFormat.read(Data(text.utf8)) }
    }
    let good =
      #"{"traceEvents":[{"name":"a","ph":"X","ts":1,"dur":0,"pid":1,"tid":1,"args":{}}],"displayTimeUnit":"ms"}"#
    #expect(try TraceEventFormat.read(Data(good.utf8)).events.count == 1)
  }

  /// The timeline a worker writes for `file` (as `run --html` has its workers write it).
  static func timelineFile(_ file: String, in folder: TemporaryFolder) throws -> String {
    let timelines = folder.url.appendingPathComponent("timelines")
    try FileManager.default.createDirectory(at: timelines, withIntermediateDirectories: true)
    _ = try CommandLineRun(["run-scenario", file, "--timeline-dir", timelines.path])
    return HTMLReport.timelineFile(for: file, in: timelines.path)
  }

  static func micros(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1_000_000 + Double(attoseconds / 1_000_000_000) / 1000
  }
}
