// The scenario harness end to end, in this process (no worker processes):
//
//   cd Benchmarks && swift package --allow-writing-to-package-directory benchmark --target ScenarioSuite
//
// "bundled suite" runs every Scenarios/ file once per iteration (wall time of the whole suite).
// "60 s scenario" replays 60 s of speech (the quick-brown-fox fixture looped 12 times, with its word
// timings) through the reference stack: start, play to the end, wait, stop. "60 s conversion alone"
// reads the same file with AudioPCM and converts it 48 kHz → 16 kHz mono, the analyzer's format,
// at the quality, engine and latency mode the stack's converter uses (medium; SPEECH_REPLAY_RESAMPLER; low latency). "60 s scenario / conversion (paired)" times both back
// to back in each iteration and records scenario time / conversion time in per mille (target
// ≤ 1250). "1000 start/stop cycles" is one scenario with `cycle: 1000` of start, 100 ms of
// listening (a snapshot asserts the stack got there) and stop (target ≤ 2 s). "1000 realistic
// cycles" does what a user does: start, reach listening (asserted), hear 200 ms of speech, stop
// (target ≤ 0.5 s). "600 s silence soak" listens to ten minutes of 48 kHz silence with nothing
// said (target ≥ 3000× real time, ≤ 0.2 s). Both scenario files are also written next to the
// temporary audio, so `speech-replay run` can time them from the command line.
// "session 605 s" and "session 8 h" (issue 23) are Scenarios/ten-minute-session.yaml's pattern —
// silence, the model saying a sentence every 30 s — for ten minutes and for eight hours, with
// their peak resident memory (goal: the eight hours in ≤ 150 MB, at the ten minutes' real-time
// factor); Benchmarks/Scripts/long-session.sh writes the same files for the command line.
import AudioPCM
import Benchmark
import Foundation
import ReferenceSubjects
import SimulatedDevice
import SpeechReplay

/// The 60 s fixture, its scenario and the bundled scenario files, made once.
///
/// `@unchecked Sendable`: package-benchmark runs one benchmark at a time, and this is only read.
final class SuiteWorkload: @unchecked Sendable {
  static let loops = 12
  /// The rate of the word tables' sample columns.
  static let tableSampleRate = 16_000.0
  /// What the 60 s scenario must commit: every looped sentence, once.
  static let sixtyCommitted = Array(repeating: "The quick brown fox jumps over the lazy dog.", count: loops).joined(separator: " ")
  let folder: URL
  let longScenario: String
  let longAudio: String
  let cyclesScenario: String
  let realisticCyclesScenario: String
  let silenceSoakScenario: String
  /// Silence with a sentence every 30 s, for 605 s and for eight hours.
  let tenMinuteSession: String
  let eightHourSession: String
  let bundled: [String]

  init() {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let fixtures = root.appendingPathComponent("fixtures/audio")
    folder = FileManager.default.temporaryDirectory.appendingPathComponent("speech-replay-bench-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    longAudio = folder.appendingPathComponent("sixty.wav").path
    let frames = try! Self.loop(fixtures.appendingPathComponent("quick-brown-fox-48k.wav").path, times: Self.loops, into: longAudio)
    let words = try! String(contentsOf: fixtures.appendingPathComponent("quick-brown-fox-48k.words.tsv"), encoding: .utf8)
    try! Self.loopWords(words, frames: frames, rate: 48_000, times: Self.loops)
      .write(to: folder.appendingPathComponent("sixty.words.tsv"), atomically: true, encoding: .utf8)
    longScenario = folder.appendingPathComponent("sixty.yaml").path
    try! """
      schema: 1
      name: sixty seconds of speech
      audio: sixty.wav
      model:
        profile: legacy
        transcript: sixty.words.tsv
        generate: { volatileEvery: 200ms, finalAfterSilence: 800ms, style: sentence }
      steps:
        - start
        - play: end
        - wait: 1s
        - stop
      expect:
        final: { committed: "\(Self.sixtyCommitted)", volatile: "", phase: idle }
      """.write(toFile: longScenario, atomically: true, encoding: .utf8)
    cyclesScenario = folder.appendingPathComponent("cycles.yaml").path
    try! """
      schema: 1
      name: a thousand start/stop cycles
      model:
        results: []
      steps:
        - cycle:
            count: 1000
            steps:
              - start
              - wait: 100ms
              - snapshot: listening
              - stop
      expect:
        snapshots:
          listening: { phase: listening }
        final: { committed: "", volatile: "", phase: idle }
      """.write(toFile: cyclesScenario, atomically: true, encoding: .utf8)
    // 1000 × 200 ms is 200 s of speech: loop the fixture past that, so every cycle hears speech.
    let cycleAudio = folder.appendingPathComponent("cycles.wav").path
    _ = try! Self.loop(fixtures.appendingPathComponent("quick-brown-fox-48k.wav").path, times: 45, into: cycleAudio)
    realisticCyclesScenario = folder.appendingPathComponent("realistic-cycles.yaml").path
    try! Self.realisticCycles(audio: "cycles.wav").write(toFile: realisticCyclesScenario, atomically: true, encoding: .utf8)
    tenMinuteSession = folder.appendingPathComponent("session-605s.yaml").path
    try! Self.longSession(seconds: 605).write(toFile: tenMinuteSession, atomically: true, encoding: .utf8)
    eightHourSession = folder.appendingPathComponent("session-8h.yaml").path
    try! Self.longSession(seconds: 28_800).write(toFile: eightHourSession, atomically: true, encoding: .utf8)
    silenceSoakScenario = folder.appendingPathComponent("silence-soak.yaml").path
    try! Self.silenceSoak.write(toFile: silenceSoakScenario, atomically: true, encoding: .utf8)
    let scenarios = root.appendingPathComponent("Scenarios")
    bundled = (try! FileManager.default.contentsOfDirectory(atPath: scenarios.path)).filter { $0.hasSuffix(".yaml") }.sorted()
      .map { scenarios.appendingPathComponent($0).path }
  }

  /// 1000 cycles that each reach listening, hear 200 ms of the audio file and stop.
  static func realisticCycles(audio: String) -> String {
    """
    schema: 1
    name: a thousand realistic start/stop cycles
    audio: \(audio)
    model:
      results: []
    steps:
      - cycle:
          count: 1000
          steps:
            - start
            - wait: 100ms
            - snapshot: listening
            - play: 200ms
            - stop
    expect:
      snapshots:
        listening: { phase: listening }
      final: { committed: "", volatile: "", phase: idle }
    """
  }

  /// `seconds` of microphone silence with the model saying a sentence every 30 s of audio, the
  /// pattern of Scenarios/ten-minute-session.yaml (as Benchmarks/Scripts/long-session.sh writes it).
  static func longSession(seconds: Int) -> String {
    let sentences = (seconds - 5) / 30
    var results = ""
    var committed: [String] = []
    for index in 1...sentences {
      results += "    - { at: \(index * 30 - 1)s, text: \"sentence \(index)\" }\n"
      results += "    - { at: \(index * 30)s, final: \"Sentence \(index).\" }\n"
      committed.append("Sentence \(index).")
    }
    return """
      schema: 1
      name: a \(seconds) s session commits every sentence and ends idle
      limits: { virtualTime: \(seconds / 3600 + 1)h, wallClock: 3600s }
      model:
        results:
      \(results)steps:
        - start
        - wait: \(seconds)s
        - stop
      expect:
        final: { committed: "\(committed.joined(separator: " "))", volatile: "", phase: idle }
      """
  }

  /// Ten minutes of silence at the microphone's default 48 kHz, nothing said.
  static let silenceSoak = """
    schema: 1
    name: ten minutes of silence at 48 kHz
    device:
      microphone: { sampleRate: 48000 }
    model:
      results: []
    steps:
      - start
      - wait: 600s
      - snapshot: listening
      - stop
    expect:
      snapshots:
        listening: { phase: listening, committed: "", volatile: "" }
      final: { committed: "", volatile: "", phase: idle }
    """

  /// Writes `source` repeated `times` times into a WAV file; returns the source's frame count.
  static func loop(_ source: String, times: Int, into path: String) throws -> Int {
    let file = try AudioFile(forReading: source)
    let buffer = PCMBuffer(format: file.processingFormat, frameCapacity: file.frameCount)
    _ = try file.read(into: buffer)
    let writer = try AudioFileWriter(path: path, container: .wav, format: file.processingFormat)
    for _ in 0..<times { try writer.write(buffer) }
    try writer.close()
    return buffer.frameLength
  }

  /// The word-timing table repeated `times` times, each copy shifted by the audio's length.
  ///
  /// The table's sample columns count 16 kHz samples whatever the audio's rate (fixtures/README.md),
  /// and the model reads those columns, so the shift is converted to 16 kHz samples. (Shifting them
  /// by the 48 kHz frame count placed each copy 15 s apart instead of 5 s: only 4 sentences and the
  /// first word of a fifth fell inside the audio, so 5 finals were committed instead of 12.)
  static func loopWords(_ table: String, frames: Int, rate: Double, times: Int) -> String {
    let lines = table.split(separator: "\n")
    var text = String(lines[0]) + "\n"
    for loop in 0..<times {
      for line in lines.dropFirst() {
        let cells = line.split(separator: "\t").map(String.init)
        let shift = loop * frames
        let tableShift = Int((Double(shift) * tableSampleRate / rate).rounded())
        text += "\(Int(cells[0])! + tableShift)\t\(Int(cells[1])! + tableShift)\t"
        text += String(format: "%.4f\t%.4f\t", Double(cells[2])! + Double(shift) / rate, Double(cells[3])! + Double(shift) / rate)
        text += cells[4] + "\n"
      }
    }
    return text
  }

  /// Reads the 60 s file and converts it to the analyzer's format in 4800-frame chunks (100 ms).
  func convertAlone() -> Int {
    let file = try! AudioFile(forReading: longAudio)
    let input = PCMBuffer(format: file.processingFormat, frameCapacity: 4_800)
    let target = try! AudioFormat.standard(sampleRate: 16_000, channelCount: 1)
    // .medium: what AVAudioConverter's default quality (AVAudioQuality.medium) maps to, which the
    // reference stack keeps; the engine the twins use (SPEECH_REPLAY_RESAMPLER) in the low-latency
    // mode of the twins' AVAudioConverter, so the ratio compares like with like.
    let converter = try! SampleRateConverter(
      from: file.processingFormat, to: target, quality: .medium, engine: SimulatedDevice.resamplingEngine, isLowLatency: true)
    let output = PCMBuffer(format: target, frameCapacity: 4_800)
    var produced = 0
    while true {
      let read = try! file.read(into: input)
      produced += try! converter.convert(read == 0 ? nil : input, into: output, endOfInput: read == 0).framesProduced
      if read == 0 { break }
    }
    while converter.pendingFrameCount > 0 { produced += try! converter.convert(nil, into: output).framesProduced }
    return produced
  }

  /// Runs a scenario in this process; stops the benchmark when it does not pass.
  static func runPassing(_ file: String) {
    let result = ScenarioRunner(subject: .reference).run(fileAt: file, seed: nil)
    guard result.status == .passed else { fatalError("\(file) did not pass: \(result.failures)") }
  }
}

let harnessPerMille = BenchmarkMetric.custom("scenario / conversion (per mille)", polarity: .prefersSmaller, useScalingFactor: false)

let benchmarks: @Sendable () -> Void = {
  let workload = SuiteWorkload()
  let configuration = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .mallocCountTotal], timeUnits: .milliseconds, warmupIterations: 1, maxDuration: .seconds(20),
    maxIterations: 20)

  Benchmark("bundled suite (\(workload.bundled.count) scenarios, in-process)", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations {
      for file in workload.bundled { SuiteWorkload.runPassing(file) }
    }
  }

  Benchmark("60 s scenario", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations { SuiteWorkload.runPassing(workload.longScenario) }
  }

  Benchmark("60 s conversion alone", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations { blackHole(workload.convertAlone()) }
  }

  Benchmark(
    "60 s scenario / conversion (paired)",
    configuration: .init(metrics: [harnessPerMille], warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 10)
  ) { benchmark in
    let clock = ContinuousClock()
    for _ in benchmark.scaledIterations {
      let conversion = clock.measure { blackHole(workload.convertAlone()) }
      let scenario = clock.measure { SuiteWorkload.runPassing(workload.longScenario) }
      benchmark.measurement(harnessPerMille, Int((scenario / conversion * 1000).rounded()))
    }
  }

  Benchmark("1000 start/stop cycles", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations { SuiteWorkload.runPassing(workload.cyclesScenario) }
  }

  Benchmark("1000 realistic cycles (listening, 200 ms of speech, stop)", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations { SuiteWorkload.runPassing(workload.realisticCyclesScenario) }
  }

  Benchmark("600 s silence soak at 48 kHz", configuration: configuration) { benchmark in
    for _ in benchmark.scaledIterations { SuiteWorkload.runPassing(workload.silenceSoakScenario) }
  }

  // Peak resident memory is the figure here (issue 23): a session's memory should not grow with its length.
  let sessions = Benchmark.Configuration(
    metrics: [.wallClock, .cpuTotal, .peakMemoryResident], timeUnits: .milliseconds, warmupIterations: 0,
    maxDuration: .seconds(120), maxIterations: 3)
  Benchmark("session 605 s (a sentence every 30 s)", configuration: sessions) { benchmark in
    for _ in benchmark.scaledIterations { SuiteWorkload.runPassing(workload.tenMinuteSession) }
  }
  Benchmark("session 8 h (a sentence every 30 s)", configuration: sessions) { benchmark in
    for _ in benchmark.scaledIterations { SuiteWorkload.runPassing(workload.eightHourSession) }
  }
}
