import AudioPCM

/// What the microphone's tap handed the app, converted by a reference conversion to the analyzer's
/// rate in mono: the audio the analyzer should receive. Samples are indexed on the capture timeline
/// (index `n` is `n / rate` seconds into what the microphone captured, silences between play steps
/// included), and kept for ``window`` samples so memory does not grow with a session's length.
///
/// The reference conversion down-mixes to mono by averaging the channels and resamples with libsoxr,
/// in the same low-latency recipe the `AVAudioConverter` twin uses, so a correct stack's converter
/// holds back about as much audio as this one does.
struct ReferenceTrack {
  /// Samples per second.
  let rate: Double
  /// How many samples are kept.
  let window: Int
  private var ring: [Float]
  /// One past the newest sample converted.
  private(set) var head = 0
  private var converter: SampleRateConverter?
  private var converterFormat: AudioFormat?
  private var scratch: PCMBuffer?
  private let outputFormat: AudioFormat

  init(rate: Double, windowSeconds: Double) {
    self.rate = rate
    window = Int(windowSeconds * rate)
    ring = [Float](repeating: 0, count: window)
    outputFormat = try! AudioFormat(sampleRate: rate, channelCount: 1, sampleType: .float32, isInterleaved: false)
  }

  /// The oldest sample still kept.
  var oldest: Int { max(0, head - window) }

  /// The sample at `index` (0 outside what is kept).
  func sample(_ index: Int) -> Float {
    guard index >= oldest && index < head && index >= 0 else { return 0 }
    return ring[index % window]
  }

  /// Calls `body` with the samples `range` (clamped to what is kept) as one or two contiguous pieces.
  func withSamples(_ range: Range<Int>, _ body: (Int, UnsafeBufferPointer<Float>) -> Void) {
    let lower = max(range.lowerBound, oldest)
    let upper = min(range.upperBound, head)
    guard lower < upper else { return }
    ring.withUnsafeBufferPointer { all in
      var index = lower
      while index < upper {
        let position = index % window
        let count = min(upper - index, window - position)
        body(index, UnsafeBufferPointer(rebasing: all[position..<position + count]))
        index += count
      }
    }
  }

  /// Converts one tap buffer that starts `captureStart` seconds into the capture.
  mutating func append(_ buffer: PCMBuffer, captureStart: Double) {
    let start = Int((captureStart * rate).rounded())
    if converterFormat != buffer.format {
      flush()
      converterFormat = buffer.format
      converter = try? SampleRateConverter(
        from: buffer.format, to: outputFormat, quality: .medium, engine: .soxr, isLowLatency: true)
      // A new format starts where the capture is (a route change): align the head to it.
      if head < start { pad(to: start) } else if head > start { head = max(start, oldest) }
    }
    convert(buffer, endOfInput: false)
  }

  /// Flushes what the converter holds back (at a format change and at the end of a run).
  mutating func flush() {
    guard converter != nil else { return }
    convert(nil, endOfInput: true)
    converter = nil
    converterFormat = nil
  }

  private mutating func convert(_ input: PCMBuffer?, endOfInput: Bool) {
    guard let converter else { return }
    let frames = input?.frameLength ?? 0
    let capacity = Int(Double(frames) * rate / converter.inputFormat.sampleRate) + 4096
    if scratch == nil || scratch!.frameCapacity < capacity {
      scratch = PCMBuffer(format: outputFormat, frameCapacity: capacity)
    }
    let output = scratch!
    var input = input
    repeat {
      output.frameLength = 0
      guard let result = try? converter.convert(input, into: output, endOfInput: endOfInput) else { return }
      input = nil
      append(output.floatChannelData![0], count: result.framesProduced)
      if result.framesPending == 0 { break }
    } while true
  }

  private mutating func append(_ samples: UnsafeMutablePointer<Float>, count: Int) {
    for index in 0..<count { ring[(head + index) % window] = samples[index] }
    head += count
  }

  private mutating func pad(to index: Int) {
    while head < index {
      ring[head % window] = 0
      head += 1
    }
  }
}
