import CoreMediaTwin
import SimulatedDevice
import Simulation

extension SpeechAnalyzer {
  /// Queues model outputs for publication after their delay, never out of order.
  func enqueue(_ outputs: [RecognizerOutput], moduleIndex: Int) {
    guard !outputs.isEmpty else { return }
    let now = clock.now
    for output in outputs {
      var due = now.advanced(by: output.delay)
      if let lastDue, due < lastDue { due = lastDue }
      lastDue = due
      enqueuedCount += 1
      publishQueue.append(Publication(sequence: enqueuedCount, due: due, moduleIndex: moduleIndex, output: output))
    }
    if !publisherRunning {
      publisherRunning = true
      publisherTask = Task { await self.drainPublications() }
    }
  }

  /// Publishes queued outputs as their time comes.
  private func drainPublications() async {
    while let next = publishQueue.first, phase != .finished {
      if next.due > clock.now {
        try? await clock.sleep(until: next.due)
        continue  // the queue may have changed while sleeping
      }
      publishQueue.removeFirst()
      publish(next)
      publishedCount = next.sequence
      for (sequence, waiter) in published where sequence <= publishedCount {
        published[sequence] = nil
        waiter.resume()
      }
    }
    publisherRunning = false
    publisherTask = nil
  }

  /// Waits until every output queued so far has been published (or dropped by a finish).
  func waitForPublications() async {
    let target = enqueuedCount
    guard publishedCount < target, phase != .finished else { return }
    await withCheckedContinuation { continuation in
      if let earlier = published[target] { earlier.resume() }
      published[target] = continuation
    }
  }

  private func publish(_ publication: Publication) {
    guard transcribers.indices.contains(publication.moduleIndex) else { return }
    switch publication.output {
    case .result(let result, _):
      let slot = transcribers[publication.moduleIndex]
      let delivered = deliver(result, to: slot.module)
      if result.finalizationTime > slot.finalizedThrough {
        transcribers[publication.moduleIndex].finalizedThrough = result.finalizationTime
      }
      Simulation.current?.trace.record(
        AnalyzerResultEvent(
          analyzer: name, isFinal: result.isFinal, start: result.range.start, end: result.range.end,
          text: result.text.string))
      if !delivered { traceUnread(result) }
      updateVolatileRange()
    case .failure(let failure, _) where failure.stopsAnalyzer:
      stopUnexpectedly(failure)
    case .failure(let failure, _):
      device.diagnose(
        "SpeechAnalyzer",
        "the speech model failed (\(failure.message)); the session finishes and every waiting call and results stream gets the error"
      )
      finishSession(error: SFSpeechError(SFSpeechError.Code(failure.code), message: failure.message))
    }
  }

  /// Recomputes ``volatileRange`` and calls the handler when it changed.
  func updateVolatileRange() {
    guard let consumed = consumedThrough else { return }
    let start = transcribers.map(\.finalizedThrough).min() ?? consumed
    let range = CMTimeRange(start: Swift.min(start, consumed), end: consumed)
    let previous = currentVolatileRange
    guard previous != range else { return }
    currentVolatileRange = range
    volatileRangeHandler?(range, previous?.start != range.start, previous?.end != range.end)
  }
}
