import LiveTranscription
import SpeechReplay

extension ReferenceSubject: InputQueueReporting {
  /// The reference stack's `inputStatistics`, summed over its sessions.
  var inputQueueStatus: InputQueueStatus? {
    let statistics = transcriber.inputStatistics
    guard statistics.buffersDelivered > 0 || statistics.limit > 0 else { return nil }
    return InputQueueStatus(
      queued: statistics.queued, peakQueued: statistics.peakQueued, dropped: statistics.buffersDropped,
      limit: statistics.limit > 0 ? statistics.limit : nil)
  }
}
