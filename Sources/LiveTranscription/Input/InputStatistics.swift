/// Counts of the audio that went from the microphone tap to the analyzer, so a test or a
/// diagnostics screen can see what was converted, dropped and consumed.
///
/// Every delivered buffer is either converted or failed conversion, and the converter's drained
/// tails (the audio its filter still held at a stop or route change) are converted buffers of
/// their own, so `converted + failures == delivered + tails`; every converted buffer is
/// consumed by the analyzer, dropped because the queue was full (the oldest goes), dropped because
/// the session had ended, or still queued.
public struct InputStatistics: Sendable, Hashable, CustomStringConvertible {
  /// Buffers the tap delivered.
  public var buffersDelivered = 0
  /// Buffers converted to the analyzer format.
  public var buffersConverted = 0
  /// Buffers made by draining the converter at a stop or a route change: the last milliseconds
  /// of audio its filter still held (counted in ``buffersConverted`` too).
  public var converterTails = 0
  /// Buffers the converter could not convert (they are not sent).
  public var conversionFailures = 0
  /// Buffers dropped from the head of the full queue (the oldest audio).
  public var buffersDropped = 0
  /// Buffers the analyzer took from the queue.
  public var buffersConsumed = 0
  /// Buffers the analyzer never sees: converted after the input had been finished, or still queued
  /// when the session ended.
  public var buffersAfterFinish = 0
  /// The most buffers that waited in the queue at once.
  public var peakQueued = 0
  /// The queue's bound in buffers (the largest of the sessions counted).
  public var limit = 0

  /// Creates empty statistics.
  public init() {}

  /// Buffers waiting in the queue now.
  public var queued: Int { buffersConverted - buffersAfterFinish - buffersDropped - buffersConsumed }

  /// The counts added up over two periods, peaks and limits as their maximum.
  /// - Parameters:
  ///   - lhs: The earlier period.
  ///   - rhs: The later period.
  /// - Returns: The sums.
  public static func + (lhs: InputStatistics, rhs: InputStatistics) -> InputStatistics {
    var sum = InputStatistics()
    sum.buffersDelivered = lhs.buffersDelivered + rhs.buffersDelivered
    sum.buffersConverted = lhs.buffersConverted + rhs.buffersConverted
    sum.converterTails = lhs.converterTails + rhs.converterTails
    sum.conversionFailures = lhs.conversionFailures + rhs.conversionFailures
    sum.buffersDropped = lhs.buffersDropped + rhs.buffersDropped
    sum.buffersConsumed = lhs.buffersConsumed + rhs.buffersConsumed
    sum.buffersAfterFinish = lhs.buffersAfterFinish + rhs.buffersAfterFinish
    sum.peakQueued = max(lhs.peakQueued, rhs.peakQueued)
    sum.limit = max(lhs.limit, rhs.limit)
    return sum
  }

  /// One line with every count.
  public var description: String {
    "delivered \(buffersDelivered), converted \(buffersConverted) (tails \(converterTails)), conversion failures \(conversionFailures), "
      + "dropped \(buffersDropped), consumed \(buffersConsumed), after finish \(buffersAfterFinish), "
      + "peak queued \(peakQueued) of \(limit)"
  }
}
