import CoreMediaTwin
import Foundation

extension AttributedString {
  /// The span of text whose runs' audio time ranges intersect `timeRange`, or nil if none does.
  ///
  /// Runs without an audio time range are skipped but may lie inside the returned span; runs are
  /// expected in ascending time order, as the transcriber produces them.
  ///
  /// - Parameter timeRange: The audio time range to look up, for example the playback position.
  /// - Returns: From the first intersecting run's start to the last intersecting run's end.
  public func rangeOfAudioTimeRangeAttributes(intersecting timeRange: CMTimeRange) -> Range<AttributedString.Index>? {
    var lower: AttributedString.Index?
    var upper: AttributedString.Index?
    for run in runs {
      guard let runRange = run[AttributeScopes.SpeechAttributes.TimeRangeAttribute.self] else { continue }
      let overlaps =
        runRange.start < timeRange.end && timeRange.start < runRange.end
        || (runRange.isEmpty && timeRange.containsTime(runRange.start))
      guard overlaps else { continue }
      if lower == nil { lower = run.range.lowerBound }
      upper = run.range.upperBound
    }
    guard let lower, let upper else { return nil }
    return lower..<upper
  }
}
