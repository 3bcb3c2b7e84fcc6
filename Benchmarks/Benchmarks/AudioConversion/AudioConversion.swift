// Sample-rate conversion: the AudioPCM wrapper against a raw C loop of the same library over the
// same data in the same run, 48 kHz → 16 kHz mono Float32 in 4096-frame chunks, at each quality
// and for each engine (libsoxr, libsamplerate).
//
//   cd Benchmarks && swift package --allow-writing-to-package-directory benchmark --target AudioConversion
//
// "… 10 s stream" benchmarks convert 10 s of audio per iteration (throughput × 480 000 = input
// samples per second; the wrapper/raw ratio of their throughputs is the overhead figure).
// "… paired ratio" benchmarks time one raw pass and one wrapper pass back to back in every
// iteration (alternating which goes first) and record raw time / wrapper time in per mille:
// 1000 means the wrapper is as fast as the raw loop; the target is at least 950. Pairing keeps
// the figure honest on a shared machine whose load drifts between separate benchmarks.
// "… one chunk" benchmarks convert one 4096-frame chunk per iteration on a warmed-up converter,
// so their mallocCountTotal is mallocs per chunk in steady state (target 0).
// "Raw soxr vs raw libsamplerate … paired" times both C libraries back to back at the same
// quality level and records libsamplerate time / libsoxr time (×, how much faster libsoxr is).
import AudioPCM
import Benchmark
import CSampleRateRaw
import CSoxrRaw
import Foundation

/// The input signal and the buffers both sides use, made once.
///
/// `@unchecked Sendable`: package-benchmark runs one benchmark at a time on one thread, and the
/// workload is only read (or owned by the one benchmark that mutates it).
final class ConversionWorkload: @unchecked Sendable {
  static let inputRate = 48_000.0
  static let outputRate = 16_000.0
  static let chunkFrames = 4096
  static let seconds = 10

  let samples: [Float]
  let chunks: [PCMBuffer]
  let inputFormat: AudioFormat
  let outputFormat: AudioFormat
  let output: PCMBuffer
  let rawOutput: UnsafeMutablePointer<Float>
  let rawOutputCapacity: Int

  init() {
    let frames = Int(Self.inputRate) * Self.seconds
    // Speech-band content: three partials and a little deterministic noise.
    var noise: UInt32 = 12_345
    samples = (0..<frames).map { index in
      let time = Double(index) / Self.inputRate
      noise = noise &* 1_664_525 &+ 1_013_904_223
      let hiss = Double(Int32(bitPattern: noise)) / Double(Int32.max) * 0.01
      return Float(0.3 * sin(2 * .pi * 220 * time) + 0.2 * sin(2 * .pi * 1_250 * time) + 0.1 * sin(2 * .pi * 3_100 * time) + hiss)
    }
    inputFormat = try! AudioFormat.standard(sampleRate: Self.inputRate, channelCount: 1)
    outputFormat = try! AudioFormat.standard(sampleRate: Self.outputRate, channelCount: 1)
    var chunks: [PCMBuffer] = []
    var offset = 0
    while offset < frames {
      let count = min(Self.chunkFrames, frames - offset)
      let chunk = PCMBuffer(format: inputFormat, frameCapacity: Self.chunkFrames)
      for index in 0..<count { chunk.floatChannelData![0][index] = samples[offset + index] }
      chunk.frameLength = count
      chunks.append(chunk)
      offset += count
    }
    self.chunks = chunks
    rawOutputCapacity = Self.chunkFrames
    output = PCMBuffer(format: outputFormat, frameCapacity: rawOutputCapacity)
    rawOutput = .allocate(capacity: rawOutputCapacity)
  }

  /// The whole stream through the wrapper; returns the frames produced.
  func convertWithWrapper(_ converter: SampleRateConverter) -> Int {
    converter.reset()
    var produced = 0
    for (index, chunk) in chunks.enumerated() {
      produced += try! converter.convert(chunk, into: output, endOfInput: index == chunks.count - 1).framesProduced
    }
    while converter.pendingFrameCount > 0 { produced += try! converter.convert(nil, into: output).framesProduced }
    return produced
  }

  /// The whole stream through libsamplerate directly, as a C program would call it.
  func convertRaw(_ state: OpaquePointer) -> Int {
    src_reset(state)
    var produced = 0
    samples.withUnsafeBufferPointer { input in
      var data = SRC_DATA()
      data.src_ratio = Self.outputRate / Self.inputRate
      var offset = 0
      while true {
        let count = min(Self.chunkFrames, input.count - offset)
        data.data_in = input.baseAddress! + offset
        data.input_frames = count
        data.data_out = rawOutput
        data.output_frames = rawOutputCapacity
        data.end_of_input = offset + count >= input.count ? 1 : 0
        precondition(src_process(state, &data) == 0)
        offset += data.input_frames_used
        produced += data.output_frames_gen
        if data.end_of_input == 1, data.output_frames_gen == 0, offset >= input.count { break }
      }
    }
    return produced
  }

  /// The whole stream through libsoxr directly, as a C program would call it.
  func convertRawSoxr(_ state: soxr_t) -> Int {
    soxr_clear(state)
    var produced = 0
    samples.withUnsafeBufferPointer { input in
      var offset = 0
      var done = 0
      while offset < input.count {
        let count = min(Self.chunkFrames, input.count - offset)
        precondition(soxr_process(state, input.baseAddress! + offset, count, nil, rawOutput, rawOutputCapacity, &done) == nil)
        produced += done
        offset += count
      }
      repeat {
        precondition(soxr_process(state, nil, 0, nil, rawOutput, rawOutputCapacity, &done) == nil)
        produced += done
      } while done > 0
    }
    return produced
  }

  /// A raw libsoxr state at a quality level (the recipe AudioPCM maps it to).
  static func makeSoxr(_ quality: SampleRateConverter.Quality) -> soxr_t {
    let recipe: Int32 =
      switch quality {
      case .best: SOXR_VHQ
      case .medium: SOXR_HQ
      case .fastest: SOXR_16_BITQ
      case .linear: SOXR_QQ
      }
    var error: soxr_error_t?
    var spec = soxr_quality_spec(UInt(recipe), 0)
    var runtime = soxr_runtime_spec(1)
    // No io spec: libsoxr's default is Float32 interleaved in and out, as AudioPCM asks for.
    return soxr_create(inputRate, outputRate, 1, &error, nil, &spec, &runtime)!
  }

  /// A raw libsamplerate state at a quality level.
  static func makeSamplerate(_ quality: SampleRateConverter.Quality) -> OpaquePointer {
    let type: Int32 =
      switch quality {
      case .best: Int32(SRC_SINC_BEST_QUALITY)
      case .medium: Int32(SRC_SINC_MEDIUM_QUALITY)
      case .fastest: Int32(SRC_SINC_FASTEST)
      case .linear: Int32(SRC_LINEAR)
      }
    var error: Int32 = 0
    return src_new(type, 1, &error)!
  }

  /// One raw pass of `engine`'s C library.
  func convertRaw(_ engine: SampleRateConverter.Engine, soxr: soxr_t, samplerate: OpaquePointer) -> Int {
    engine == .soxr ? convertRawSoxr(soxr) : convertRaw(samplerate)
  }
}

let benchmarks: @Sendable () -> Void = {
  let workload = ConversionWorkload()
  let streamConfiguration = Benchmark.Configuration(
    metrics: [.wallClock, .throughput, .mallocCountTotal], warmupIterations: 1, maxDuration: .seconds(4),
    maxIterations: 25)
  let chunkConfiguration = Benchmark.Configuration(
    metrics: [.wallClock, .mallocCountTotal], warmupIterations: 10, maxDuration: .seconds(2), maxIterations: 2_000)

  for engine in SampleRateConverter.Engine.allCases {
    for quality in SampleRateConverter.Quality.allCases {
      let name = "\(engine) \(quality)"
      let converter = try! SampleRateConverter(
        from: workload.inputFormat, to: workload.outputFormat, quality: quality, engine: engine)
      Benchmark("Wrapper \(name) 10 s stream", configuration: streamConfiguration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(workload.convertWithWrapper(converter)) }
      }

      let soxr = ConversionWorkload.makeSoxr(quality)
      let samplerate = ConversionWorkload.makeSamplerate(quality)
      Benchmark("Raw C \(name) 10 s stream", configuration: streamConfiguration) { benchmark in
        for _ in benchmark.scaledIterations { blackHole(workload.convertRaw(engine, soxr: soxr, samplerate: samplerate)) }
      }

      let fast = quality == .linear || engine == .soxr
      let pairedConfiguration = Benchmark.Configuration(
        metrics: [.custom("wrapper throughput / raw (‰)", polarity: .prefersLarger, useScalingFactor: false)],
        warmupIterations: 1, maxDuration: .seconds(6), maxIterations: fast ? 200 : 15)
      let pairedConverter = try! SampleRateConverter(
        from: workload.inputFormat, to: workload.outputFormat, quality: quality, engine: engine)
      let pairedSoxr = ConversionWorkload.makeSoxr(quality)
      let pairedSamplerate = ConversionWorkload.makeSamplerate(quality)
      nonisolated(unsafe) var rawFirst = true
      Benchmark("Wrapper vs raw C \(name) paired ratio", configuration: pairedConfiguration) { benchmark in
        let clock = ContinuousClock()
        for _ in benchmark.scaledIterations {
          var rawTime = Duration.zero
          var wrapperTime = Duration.zero
          if rawFirst {
            rawTime = clock.measure { blackHole(workload.convertRaw(engine, soxr: pairedSoxr, samplerate: pairedSamplerate)) }
          }
          wrapperTime = clock.measure { blackHole(workload.convertWithWrapper(pairedConverter)) }
          if !rawFirst {
            rawTime = clock.measure { blackHole(workload.convertRaw(engine, soxr: pairedSoxr, samplerate: pairedSamplerate)) }
          }
          rawFirst.toggle()
          let perMille = seconds(rawTime) / seconds(wrapperTime) * 1000
          benchmark.measurement(
            .custom("wrapper throughput / raw (‰)", polarity: .prefersLarger, useScalingFactor: false), Int(perMille.rounded()))
        }
      }

      let steady = try! SampleRateConverter(from: workload.inputFormat, to: workload.outputFormat, quality: quality, engine: engine)
      let chunkCount = workload.chunks.count - 1  // the last chunk is short; keep every call 4096 frames
      nonisolated(unsafe) var next = 0
      // Warm up: one pass sizes all scratch space.
      for chunk in workload.chunks.prefix(chunkCount) { _ = try! steady.convert(chunk, into: workload.output) }
      Benchmark("Wrapper \(name) one chunk", configuration: chunkConfiguration) { benchmark in
        for _ in benchmark.scaledIterations {
          blackHole(try! steady.convert(workload.chunks[next], into: workload.output).framesProduced)
          next = (next + 1) % chunkCount
        }
      }
    }
  }

  // The engines side by side: raw libsamplerate time over raw libsoxr time, paired per iteration.
  let speedup = BenchmarkMetric.custom("libsamplerate time / soxr time (×)", polarity: .prefersLarger, useScalingFactor: false)
  for quality in SampleRateConverter.Quality.allCases {
    let soxr = ConversionWorkload.makeSoxr(quality)
    let samplerate = ConversionWorkload.makeSamplerate(quality)
    Benchmark(
      "Raw soxr vs raw libsamplerate \(quality) paired",
      configuration: .init(metrics: [speedup], warmupIterations: 1, maxDuration: .seconds(6), maxIterations: quality == .linear ? 200 : 10)
    ) { benchmark in
      let clock = ContinuousClock()
      for _ in benchmark.scaledIterations {
        let soxrTime = clock.measure { blackHole(workload.convertRawSoxr(soxr)) }
        let samplerateTime = clock.measure { blackHole(workload.convertRaw(samplerate)) }
        benchmark.measurement(speedup, Int((seconds(samplerateTime) / seconds(soxrTime)).rounded()))
      }
    }
  }
}

private func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}
