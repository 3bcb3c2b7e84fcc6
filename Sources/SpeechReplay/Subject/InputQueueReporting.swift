/// A subject that can say what its analyzer input queue holds, so the `input-bounded` invariant
/// checks the queue itself instead of estimating the analyzer's lag from the timeline.
///
/// ```swift
/// extension MyDictationSubject: InputQueueReporting {
///   var inputQueueStatus: InputQueueStatus? { InputQueueStatus(queued: model.queued, peakQueued: model.peak, dropped: 0, limit: 64) }
/// }
/// ```
@MainActor
public protocol InputQueueReporting: TranscriptionSubject {
  /// The queue now; nil when the stack has no queue yet.
  var inputQueueStatus: InputQueueStatus? { get }
}
