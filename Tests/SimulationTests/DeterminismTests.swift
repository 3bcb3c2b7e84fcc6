import Foundation
import Simulation
import SimulationWorkloads
import SpeechReplayTestSupport
import Testing

@Suite(.serialized) struct DeterminismTests {
  @Test func racyWorkloadGivesOneTraceOver100Runs() throws {
    var hashes: [String: Int] = [:]
    var first = TraceLog()
    for index in 0..<100 {
      let report = try Simulation.run(
        testConfiguration("racy", seed: 7, realClockQuantum: RacyWorkload.realClockQuantum)
      ) { await RacyWorkload.run() }
      #expect(report.outcome == .finished)
      #expect(report.isDeterministic, "\(report.escapes)")
      #expect(report.value == 20)
      if index == 0 { first = report.trace }
      if let divergence = report.trace.firstDivergence(from: first) {
        Issue.record("run \(index): \(divergence)")
      }
      hashes[report.traceHash, default: 0] += 1
    }
    #expect(hashes.count == 1, "distinct trace hashes: \(hashes)")
    #expect(first.count == 44)
  }

  @Test func differentSeedsGiveDifferentTraces() throws {
    let one = try Simulation.run(testConfiguration("seed 1", seed: 1, realClockQuantum: RacyWorkload.realClockQuantum))
    { await RacyWorkload.run() }
    let two = try Simulation.run(testConfiguration("seed 2", seed: 2, realClockQuantum: RacyWorkload.realClockQuantum))
    { await RacyWorkload.run() }
    #expect(one.traceHash != two.traceHash, "the seed must drive the workload's jitter")
  }

  @Test func racyWorkloadGivesOneTraceOver10Processes() throws {
    let executable = try BuiltExecutable.url(named: "simulation-selfcheck")
    var outputs = Set<String>()
    for _ in 0..<10 {
      let process = Process()
      process.executableURL = executable
      // The seed and the quantum (ms) of the in-process run below.
      process.arguments = ["7", String(Int(RacyWorkload.realClockQuantum / .milliseconds(1)))]
      let pipe = Pipe()
      process.standardOutput = pipe
      try process.run()
      let data = pipe.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
      outputs.insert(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
    let inProcess = try Simulation.run(
      testConfiguration("racy in process", seed: 7, realClockQuantum: RacyWorkload.realClockQuantum)
    ) { await RacyWorkload.run() }
    #expect(outputs.count == 1, "\(outputs)")
    #expect(outputs.first?.hasPrefix("hash=\(inProcess.traceHash) ") == true, "\(outputs) vs \(inProcess.traceHash)")
  }

  @Test func mainActorJobsAreKeptBesideTheTraceOnlyWhenAsked() throws {
    var configuration = testConfiguration(
      "main-actor jobs", seed: 9, realClockQuantum: TranscriptionPipelineWorkload.realClockQuantum)
    let plain = try Simulation.run(configuration) { await TranscriptionPipelineWorkload.run(seconds: 3) }
    configuration.recordsMainActorJobs = true
    let recorded = try Simulation.run(configuration) { await TranscriptionPipelineWorkload.run(seconds: 3) }
    #expect(plain.mainActorJobs.isEmpty)
    #expect(recorded.counts.mainJobs > 0)
    #expect(recorded.mainActorJobs.count == recorded.counts.mainJobs)
    // Measuring changes nothing the trace says.
    #expect(recorded.traceHash == plain.traceHash)
    // In run order; each job's events are its own (no overlap) and stamped with its virtual time.
    for (a, b) in zip(recorded.mainActorJobs, recorded.mainActorJobs.dropFirst()) {
      #expect(a.virtualTime <= b.virtualTime && a.events.upperBound <= b.events.lowerBound)
    }
    for job in recorded.mainActorJobs {
      #expect(job.events.allSatisfy { recorded.trace[$0].time == job.virtualTime && recorded.trace[$0].sequence == $0 })
    }
    #expect(recorded.mainActorJobs.contains { !$0.events.isEmpty })
  }

  @Test func selfCheckFindsNoDivergenceInADeterministicBody() throws {
    let check = try Simulation.selfCheck(
      testConfiguration("self-check", seed: 9, realClockQuantum: TranscriptionPipelineWorkload.realClockQuantum)
    ) {
      await TranscriptionPipelineWorkload.run(seconds: 3)
    }
    #expect(check.divergence == nil, "\(String(describing: check.divergence))")
    #expect(check.isDeterministic)
    #expect(check.first.traceHash == check.second.traceHash)
    #expect(check.first.trace.count > 50)
  }

  @Test func selfCheckReportsTheFirstDivergence() throws {
    let calls = CallCounter()
    let check = try Simulation.selfCheck(testConfiguration("self-check divergent")) {
      let trace = Simulation.current!.trace
      trace.record("step", ["n": "0"])
      trace.record("step", ["n": String(calls.next())])
      trace.record("step", ["n": "2"])
    }
    #expect(
      check.divergence
        == TraceDivergence(
          index: 1, expected: "#1 0.000000000 step n=1", actual: "#1 0.000000000 step n=2"))
    #expect(!check.isDeterministic)
  }

  @Test func pipelineSleepKindsAgreeOnTheUserVisibleOutcome() throws {
    let taskSleep = try Simulation.run(
      testConfiguration(
        "pipeline Task.sleep", realClockQuantum: TranscriptionPipelineWorkload.realClockQuantum)
    ) {
      await TranscriptionPipelineWorkload.run(seconds: 5, sleep: .taskSleep)
    }
    let virtualClock = try Simulation.run(testConfiguration("pipeline VirtualClock")) {
      await TranscriptionPipelineWorkload.run(seconds: 5, sleep: .virtualClock)
    }
    #expect(taskSleep.value == "finals=10 last='w46 w47 w48 w49 w50' updates=50")
    #expect(taskSleep.value == virtualClock.value)
    #expect(
      taskSleep.traceHash == virtualClock.traceHash, "whole-millisecond sleeps must give the same trace on both clocks")
    #expect(taskSleep.virtualTime == virtualClock.virtualTime)
  }
}

final class CallCounter: @unchecked Sendable {
  private var value = 0
  func next() -> Int {
    value += 1
    return value
  }
}
