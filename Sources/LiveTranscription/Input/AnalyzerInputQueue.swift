import SpeechShim

/// The bounded queue between the microphone tap and the analyzer: an `AsyncStream` that keeps only
/// the newest `limit` buffers (the oldest audio is dropped when the analyzer falls behind), with
/// counts of what was queued, dropped and consumed.
///
/// An unbounded stream (the seed's `makeStream()`) grows without limit when the model is slower
/// than real time; dropping the oldest keeps memory bounded and the text close to what is said now.
/// Thread-safe: the tap yields from the audio thread, the analyzer consumes from its actor.
final class AnalyzerInputQueue: @unchecked Sendable {
  // @unchecked: every mutable field is guarded by `lock`.
  private let lock = NSLock()
  private var counts = InputStatistics()
  private var isFinished = false
  private let stream: AsyncStream<AnalyzerInput>
  private let continuation: AsyncStream<AnalyzerInput>.Continuation

  /// Creates a queue holding at most `limit` buffers (at least 1).
  /// - Parameters:
  ///   - limit: The bound in buffers.
  ///   - isUnbounded: Bug zoo only (``LiveTranscriber/Fault/unboundedInput``): no bound at all.
  init(limit: Int, isUnbounded: Bool = false) {
    let bound = max(1, limit)
    // Bug zoo: the seed's `makeStream()` buffers everything; the limit is still reported so the harness sees the growth.
    let policy: AsyncStream<AnalyzerInput>.Continuation.BufferingPolicy =
      isUnbounded ? .unbounded : .bufferingNewest(bound)
    let (stream, continuation) = AsyncStream<AnalyzerInput>.makeStream(bufferingPolicy: policy)
    self.stream = stream
    self.continuation = continuation
    counts.limit = bound
  }

  /// What the analyzer reads (one reader): the queued buffers, each counted as it is taken.
  var input: Input { Input(base: stream, queue: self) }

  /// The counts so far.
  var statistics: InputStatistics { lock.withLock { counts } }

  /// Counts a buffer the tap delivered.
  func recordDelivery(converted: Bool) {
    lock.withLock {
      counts.buffersDelivered += 1
      if !converted { counts.conversionFailures += 1 }
    }
  }

  /// Queues a converted buffer; when the queue is full the oldest buffer is dropped.
  /// - Parameters:
  ///   - element: The converted audio.
  ///   - isConverterTail: Whether it is the tail drained from the converter rather than a tap buffer.
  func enqueue(_ element: AnalyzerInput, isConverterTail: Bool = false) {
    // Counting and yielding under one lock keeps `queued` exact while a consumer runs concurrently.
    lock.withLock {
      counts.buffersConverted += 1
      if isConverterTail { counts.converterTails += 1 }
      guard !isFinished else {
        counts.buffersAfterFinish += 1
        return
      }
      switch continuation.yield(element) {
      case .dropped: counts.buffersDropped += 1
      case .terminated: counts.buffersAfterFinish += 1
      case .enqueued: break
      @unknown default: break
      }
      counts.peakQueued = max(counts.peakQueued, counts.queued)
    }
  }

  /// Ends the input: the analyzer reads what is queued, then sees the end.
  func finish() {
    lock.withLock { isFinished = true }
    continuation.finish()
  }

  fileprivate func recordConsumption() {
    lock.withLock { counts.buffersConsumed += 1 }
  }

  /// The sequence the analyzer reads: the stream, counting every element taken.
  struct Input: AsyncSequence, Sendable {
    typealias Element = AnalyzerInput
    let base: AsyncStream<AnalyzerInput>
    let queue: AnalyzerInputQueue

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), queue: queue) }

    /// Takes elements from the stream and counts them.
    struct Iterator: AsyncIteratorProtocol {
      var base: AsyncStream<AnalyzerInput>.Iterator
      let queue: AnalyzerInputQueue

      mutating func next() async -> AnalyzerInput? {
        guard let element = await base.next() else { return nil }
        queue.recordConsumption()
        return element
      }
    }
  }
}
