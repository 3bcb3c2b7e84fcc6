import CoreMediaTwin
import SimulatedDevice
import Simulation

/// When published results reach the modules' results sequences (`device.resultDelivery`).
///
/// Apple documents that `finalize(through:)` returns once the finalized results are *published*
/// to the results streams, not once the app has read them. By default they are yielded before the
/// call returns and the simulation's executor runs the reader they wake first, so a results loop on
/// the caller's actor reads them before the call returns. Under ``SimulatedDevice/ResultDelivery/afterFinalizeReturns`` everything published
/// from the start of a `finalize…()` until ``SimulatedDevice/ResultDelivery/lateDeliveryLag``
/// after it returned — results, and the streams' end when the session finishes meanwhile — is
/// held and handed to the sequences in order then, so a stack that stops reading when the call
/// returns loses the final, as it can on a device.
extension SpeechAnalyzer {
  /// A result published while delivery is held, for the module it goes to.
  struct HeldResult {
    let module: any TranscriptionModule
    let result: RecognizedResult
  }

  /// The end of the transcribers' results sequences, held until the results before it are delivered.
  struct HeldFinish {
    let modules: [any TranscriptionModule]
    let error: (any Error)?
  }

  /// Starts holding delivery for a `finalize…()` under the late order; false under the default order.
  func holdDeliveryForFinalize() -> Bool {
    guard device.configuration.resultDelivery == .afterFinalizeReturns else { return false }
    holdsDelivery = true
    deliveryHoldGeneration += 1
    return true
  }

  /// Called as a `finalize…()` returns: the held results reach the sequences after the lag, unless
  /// a later finalize holds them longer.
  func releaseDeliveryAfterLag() {
    let generation = deliveryHoldGeneration
    let due = clock.now.advanced(by: SimulatedDevice.ResultDelivery.lateDeliveryLag)
    Task { [clock] in
      try? await clock.sleep(until: due)
      self.releaseDelivery(generation: generation)
    }
  }

  /// Hands `result` to `module`'s results sequence, or holds it while delivery is held.
  /// - Returns: false when the sequence had already ended, so the result was dropped unread.
  func deliver(_ result: RecognizedResult, to module: any TranscriptionModule) -> Bool {
    if holdsDelivery {
      heldResults.append(HeldResult(module: module, result: result))
      return true
    }
    return module.publish(result)
  }

  /// Ends the transcribers' results sequences, after the held results when delivery is held.
  func finishTranscriberResults(throwing error: (any Error)?) {
    let modules = transcribers.map(\.module)
    if holdsDelivery {
      heldFinish = HeldFinish(modules: modules, error: error)
    } else {
      for module in modules { module.finishResults(throwing: error) }
    }
  }

  /// Records that a final reached a results sequence nobody reads any more.
  func traceUnread(_ result: RecognizedResult) {
    guard result.isFinal else { return }
    Simulation.current?.trace.record(
      AnalyzerUnreadResultEvent(
        analyzer: name, start: result.range.start, end: result.range.end, text: result.text.string))
  }

  private func releaseDelivery(generation: Int) {
    guard holdsDelivery, generation == deliveryHoldGeneration else { return }
    holdsDelivery = false
    let results = heldResults
    heldResults.removeAll()
    let finish = heldFinish
    heldFinish = nil
    trace(
      .analyzerResultsDelivered,
      [TraceEvent.Field("results", String(results.count)), TraceEvent.Field("finish", String(finish != nil))])
    for held in results where !held.module.publish(held.result) { traceUnread(held.result) }
    if let finish { for module in finish.modules { module.finishResults(throwing: finish.error) } }
  }
}
