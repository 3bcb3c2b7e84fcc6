import AudioPCM

/// The audio a legacy recognition task (`SFSpeechRecognitionTask`) was given, brought to the
/// monitor's rate in mono, so that ``AudioConservation`` compares it with the tap as it compares an
/// analyzer's input. The app appends buffers in any format (the tap's, as Apple's sample code
/// does); the feed resamples them with its own streaming converter and places the result on the
/// task's timeline one after another. A task takes one format (the twin ignores a format change),
/// so one converter serves it.
struct RecognizerFeed {
  /// Where the next converted sample goes on the task's timeline, at the monitor's rate.
  private(set) var next: Int
  private let inputFormat: AudioFormat
  private let converter: SampleRateConverter?
  private var scratch: PCMBuffer?
  private static let outputFormat = try! AudioFormat(
    sampleRate: AudioConservation.rate, channelCount: 1, sampleType: .float32, isInterleaved: false)

  /// A feed for audio at `sampleRate` whose first buffer starts `start` seconds into the task's audio.
  init(sampleRate: Double, start: Double) {
    next = Int((start * AudioConservation.rate).rounded())
    inputFormat = try! AudioFormat(sampleRate: sampleRate, channelCount: 1, sampleType: .float32, isInterleaved: false)
    converter = try? SampleRateConverter(from: inputFormat, to: Self.outputFormat, quality: .fastest, engine: .soxr)
  }

  /// Converts `samples` (mono, at the feed's rate; nil to drain what the converter holds back) and
  /// hands each converted piece to `body` with where it starts on the task's timeline.
  mutating func convert(
    _ samples: UnsafeBufferPointer<Float>?, _ body: (Int, UnsafeBufferPointer<Float>) -> Void
  ) {
    guard let converter else { return }
    var input: PCMBuffer?
    if let samples {
      guard !samples.isEmpty else { return }
      let buffer = PCMBuffer(format: inputFormat, frameCapacity: samples.count)
      buffer.frameLength = samples.count
      buffer.floatChannelData![0].update(from: samples.baseAddress!, count: samples.count)
      input = buffer
    }
    let frames = samples?.count ?? 0
    let capacity = Int(Double(frames) * AudioConservation.rate / inputFormat.sampleRate) + 4096
    if scratch == nil || scratch!.frameCapacity < capacity {
      scratch = PCMBuffer(format: Self.outputFormat, frameCapacity: capacity)
    }
    let output = scratch!
    repeat {
      output.frameLength = 0
      guard let result = try? converter.convert(input, into: output, endOfInput: samples == nil) else { return }
      input = nil
      if result.framesProduced > 0 {
        body(next, UnsafeBufferPointer(start: output.floatChannelData![0], count: result.framesProduced))
        next += result.framesProduced
      }
      if result.framesPending == 0 { break }
    } while true
  }
}
