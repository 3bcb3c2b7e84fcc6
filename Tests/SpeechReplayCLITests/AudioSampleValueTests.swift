import Foundation
import SpeechReplayTestSupport
import Testing

/// Audio values through the binary: a 64-bit float CAF stored at integer scale (as sox writes it)
/// reads at its level, and NaN or infinite samples are a warning with a count — never a trap,
/// never a failure blamed on the stack.
@Suite struct AudioSampleValueTests {
  let folder: URL

  init() throws {
    folder = try TemporaryFolder(prefix: "SpeechReplayCLITests").url
  }

  /// A mono 16 kHz big-endian float64 CAF holding `samples` as given (no normalisation).
  static func float64CAF(_ samples: [Double]) -> Data {
    var data = Data("caff".utf8)
    data.append(contentsOf: [0, 1, 0, 0])
    func u32(_ value: UInt32) { withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) } }
    func i64(_ value: Int64) { withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) } }
    func f64(_ value: Double) { withUnsafeBytes(of: value.bitPattern.bigEndian) { data.append(contentsOf: $0) } }
    data.append(contentsOf: Array("desc".utf8))
    i64(32)
    f64(16_000)
    data.append(contentsOf: Array("lpcm".utf8))
    u32(1)  // floating point, big-endian
    u32(8)
    u32(1)
    u32(1)
    u32(64)
    data.append(contentsOf: Array("data".utf8))
    i64(Int64(4 + samples.count * 8))
    u32(0)
    for sample in samples { f64(sample) }
    return data
  }

  /// A mono 16 kHz little-endian float32 WAV.
  static func float32WAV(_ samples: [Float]) -> Data {
    var data = Data()
    func u32(_ value: UInt32) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    func u16(_ value: UInt16) { withUnsafeBytes(of: value.littleEndian) { data.append(contentsOf: $0) } }
    data.append(contentsOf: Array("RIFF".utf8))
    u32(UInt32(36 + samples.count * 4))
    data.append(contentsOf: Array("WAVEfmt ".utf8))
    u32(16)
    u16(3)
    u16(1)
    u32(16_000)
    u32(64_000)
    u16(4)
    u16(32)
    data.append(contentsOf: Array("data".utf8))
    u32(UInt32(samples.count * 4))
    for sample in samples { u32(sample.bitPattern) }
    return data
  }

  /// Two bursts of a 0.5 full-scale tone in silence, one second each.
  static var bursts: [Double] {
    (0..<48_000).map { index in
      let inBurst = (8_000..<24_000).contains(index) || (32_000..<44_000).contains(index)
      return inBurst ? 0.5 * sin(2 * Double.pi * 440 * Double(index) / 16_000) : 0
    }
  }

  @Test func integerScaledFloat64CAFReadsAtItsLevelInInfoAndConvert() throws {
    let caf = folder.appendingPathComponent("sox.caf")
    try Self.float64CAF(Self.bursts.map { $0 * 2_147_483_648 }).write(to: caf)
    let info = try CommandLineRun(["audio", "info", caf.path])
    #expect(info.status == 0, "\(info.standardError)")
    #expect(info.standardOutput.contains("peak:      -6.0 dBFS"), "\(info.standardOutput)")
    #expect(info.standardError.contains("stored at 32-bit integer scale"), "\(info.standardError)")
    let wav = folder.appendingPathComponent("out.wav")
    let convert = try CommandLineRun(["audio", "convert", caf.path, wav.path, "--sample-type", "int16"])
    #expect(convert.status == 0, "\(convert.standardError)")
    let converted = try CommandLineRun(["audio", "info", wav.path])
    #expect(converted.standardOutput.contains("peak:      -6.0 dBFS"), "\(converted.standardOutput)")
    let segments = try CommandLineRun(["audio", "segments", caf.path])
    #expect(segments.standardOutput.split(separator: "\n").count == 2, "\(segments.standardOutput)")
  }

  @Test(arguments: [Float.infinity, -Float.infinity, Float.nan])
  func nonFiniteSamplesAreAWarningNeverATrap(value: Float) throws {
    var samples = Self.bursts.map(Float.init)
    for index in stride(from: 10_000, to: 10_100, by: 10) { samples[index] = value }
    let wav = folder.appendingPathComponent("damaged.wav")
    try Self.float32WAV(samples).write(to: wav)
    for command in [["audio", "segments"], ["audio", "info"]] {
      let run = try CommandLineRun(command + [wav.path])
      #expect(!run.endedBySignal && run.status == 0, "\(command): \(run.status) \(run.standardError)")
      #expect(
        run.standardError.contains("10 samples are NaN or infinite (the first at frame 10000"), "\(run.standardError)")
    }
  }

  /// A scenario whose recording holds NaN passes on the reference stack, with the file's warning.
  @Test func nonFiniteAudioIsNotBlamedOnTheStack() throws {
    var samples = Self.bursts.map(Float.init)
    samples[12_000] = .nan
    try Self.float32WAV(samples).write(to: folder.appendingPathComponent("nan.wav"))
    let scenario = folder.appendingPathComponent("nan.yaml")
    try """
    schema: 1
    name: a recording with a NaN sample
    audio: nan.wav
    model:
      locale: en-US
      results:
        - { at: 0.8s, final: "Hello.", range: [0.5s, 0.8s] }
    steps: [start, { play: end }, { wait: 1s }, stop]
    expect:
      final: { committed: "Hello.", volatile: "", phase: idle }
    """.write(to: scenario, atomically: true, encoding: .utf8)
    let run = try CommandLineRun(["run", scenario.path, "--no-history", "--jobs", "1"])
    #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
    #expect(run.standardOutput.contains("1 sample is NaN or infinite"), "\(run.standardOutput)")
  }
}
