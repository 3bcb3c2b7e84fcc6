import Simulation

/// The reference pipeline of the feasibility study, written for this project: a producer yields a
/// 20 ms "audio buffer" into an `AsyncStream`, a recognizer actor turns every fifth buffer into a
/// partial result and every 25th into a final, a main-actor model applies results, and four noise
/// tasks sleep (500, 540, 580, 620 ms: multiples of 10 ms, so coarser real-clock quanta give the
/// same timeline as `VirtualClock`) and yield in between. Used by the tests and the SimulationLoop benchmark.
public enum TranscriptionPipelineWorkload {
  /// The coarsest real-clock quantum its sleeps are whole multiples of (20 ms): run with it, a
  /// thread preempted for up to that long between the runtime's and the simulation's clock readings
  /// still gives the same trace (SimulationRuntime.md, "Limits").
  public static let realClockQuantum: Duration = .milliseconds(20)

  /// How the producer and the noise tasks sleep.
  public enum SleepKind: String, Sendable, CaseIterable {
    /// `Task.sleep(for:)` on the real clock (captured and quantized).
    case taskSleep
    /// `VirtualClock.sleep(for:)` (exact).
    case virtualClock
  }

  /// Runs the pipeline for `seconds` of audio inside the current simulation.
  /// - Parameters:
  ///   - seconds: Audio length; the producer sends 50 buffers per second.
  ///   - sleep: Which sleep the tasks use.
  /// - Returns: A summary line: finals, last final text, updates.
  public static func run(seconds: Int, sleep: SleepKind = .taskSleep) async -> String {
    guard let simulation = Simulation.current else { return "no simulation" }
    let trace = simulation.trace
    let clock = simulation.clock
    @Sendable func pause(_ milliseconds: Int) async {
      switch sleep {
      case .taskSleep: try? await Task.sleep(for: .milliseconds(milliseconds))
      case .virtualClock: try? await clock.sleep(for: .milliseconds(milliseconds))
      }
    }
    let model = await MainActor.run { Model(trace: trace) }
    let (audio, audioInput) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .unbounded)
    let (results, resultInput) = AsyncStream.makeStream(of: Result.self)
    let recognizer = Recognizer()
    let buffers = seconds * 50

    let producer = Task {
      for index in 0..<buffers {
        await pause(20)
        audioInput.yield(index)
        if index % 250 == 0 { trace.record(.pipelineProduced, ["buffer": String(index)]) }
      }
      audioInput.finish()
    }
    let consumer = Task {
      for await buffer in audio {
        if let result = await recognizer.feed(buffer) { resultInput.yield(result) }
      }
      resultInput.finish()
    }
    let ui = Task { @MainActor in
      for await result in results { model.apply(result) }
    }
    let noise = Task {
      await withTaskGroup(of: Void.self) { group in
        for worker in 0..<4 {
          group.addTask {
            for tick in 0..<(seconds * 2) {
              await pause(500 + worker * 40)
              await Task.yield()
              trace.record(.pipelineNoise, ["worker": String(worker), "tick": String(tick)])
            }
          }
        }
      }
    }
    await producer.value
    await consumer.value
    await ui.value
    await noise.value
    return await MainActor.run {
      "finals=\(model.finals.count) last='\(model.finals.last ?? "")' updates=\(model.updates)"
    }
  }

  struct Result: Sendable {
    var text: String
    var isFinal: Bool
    var buffer: Int
  }

  actor Recognizer {
    private var count = 0
    private var words: [String] = []

    func feed(_ buffer: Int) -> Result? {
      count += 1
      guard count % 5 == 0 else { return nil }
      words.append("w\(count / 5)")
      let text = words.joined(separator: " ")
      if count % 25 == 0 {
        words.removeAll()
        return Result(text: text, isFinal: true, buffer: buffer)
      }
      return Result(text: text, isFinal: false, buffer: buffer)
    }
  }

  @MainActor
  final class Model {
    private(set) var volatile = ""
    private(set) var finals: [String] = []
    private(set) var updates = 0
    let trace: EventTrace

    init(trace: EventTrace) { self.trace = trace }

    func apply(_ result: Result) {
      updates += 1
      if result.isFinal {
        finals.append(result.text)
        volatile = ""
      } else {
        volatile = result.text
      }
      trace.record(
        .pipelineUI, ["final": String(result.isFinal), "text": result.text, "buffer": String(result.buffer)])
    }
  }
}
