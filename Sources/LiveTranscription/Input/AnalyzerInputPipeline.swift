import SpeechShim

/// The tap's pipeline written the 27 SDK's way: Speech's `AnalyzerInputConverter`, made for the
/// analyzer's modules, converts every buffer (holding back the resampler's look-ahead) and is
/// flushed at the stop, so the last milliseconds before the stop reach the analyzer.
///
/// The converter follows format changes itself (it flushes the old format's audio first), so a
/// route change keeps it. Thread-safe: the tap calls ``process(_:)`` from the audio thread.
@available(iOS 27, macOS 27, *)
final class AnalyzerInputPipeline: InputPipeline, @unchecked Sendable {
  // @unchecked: `converter` and `isDrained` are guarded by `lock`.
  private let lock = NSLock()
  private let converter: AnalyzerInputConverter
  private var isDrained = false
  let queue: AnalyzerInputQueue
  private let faults: Set<LiveTranscriber.Fault>
  private let onFailure: @Sendable (String) -> Void
  private var hasReportedFailure = false

  /// Creates the pipeline around a converter made for the analyzer's modules.
  init(
    converter: AnalyzerInputConverter, queue: AnalyzerInputQueue, faults: Set<LiveTranscriber.Fault>,
    onFailure: @escaping @Sendable (String) -> Void
  ) {
    self.converter = converter
    self.queue = queue
    self.faults = faults
    self.onFailure = onFailure
  }

  /// The converter takes any PCM format; a new hardware format only reopens the pipeline.
  @discardableResult
  func prepare(for hardwareFormat: AVAudioFormat) -> Bool {
    lock.withLock { isDrained = false }
    return true
  }

  /// Flushes the converter: what it held back reaches the analyzer.
  func drain() {
    let inputs: [AnalyzerInput] = lock.withLock {
      guard !isDrained else { return [] }
      isDrained = true
      // Bug zoo: the stop never calls flush(); the converter keeps its held-back audio.
      guard !faults.contains(.noFlushAtStop) else { return [] }
      return (try? converter.flush()) ?? []
    }
    for input in inputs { queue.enqueue(input, isConverterTail: true) }
  }

  /// Converts one tap buffer (the converter may hold part of it back) and queues the inputs.
  func process(_ buffer: AVAudioPCMBuffer) {
    let outcome: Result<[AnalyzerInput], any Error>? = lock.withLock {
      guard !isDrained else { return nil }
      return Result { try converter.convert(buffer, at: nil) }
    }
    switch outcome {
    case nil:
      return
    case .success(let inputs):
      queue.recordDelivery(converted: true)
      for input in inputs { queue.enqueue(input) }
    case .failure(let error):
      queue.recordDelivery(converted: false)
      let first = lock.withLock { () -> Bool in
        defer { hasReportedFailure = true }
        return !hasReportedFailure
      }
      if first { onFailure("converting \(buffer.format) failed: \(error.localizedDescription)") }
    }
  }
}
