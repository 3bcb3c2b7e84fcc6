import CoreMediaTwin
import SimulatedDevice
import Simulation

extension SpeechAnalyzer {
  /// Makes results final through `time` (nil: through the audio consumed so far) and returns once
  /// they are published. Waits for that audio if it has not been consumed yet.
  /// - Throws: `CancellationError` when the session finishes before `time` is reached; the
  ///   analysis error when it failed.
  public func finalize(through time: CMTime?) async throws {
    guard let target = time ?? consumedThrough else { return }
    if stoppedUnexpectedly { return ignoreOnStoppedAnalyzer("finalize(through:)") }
    if phase == .finished {
      if let consumedThrough, target <= consumedThrough { return }
      throw finishError ?? CancellationError()
    }
    try await waitUntilConsumed(target)
    // Under the late order, what this publishes reaches the app only after it returned.
    let holdsForThisCall = holdDeliveryForFinalize()
    defer { if holdsForThisCall { releaseDeliveryAfterLag() } }
    for index in transcribers.indices {
      enqueue(transcribers[index].recognizer.finalize(through: target), moduleIndex: index)
    }
    for detector in detectors { detector.finalizeAnalysis(through: target) }
    await waitForPublications()
    if let finishError { throw finishError }
    for index in transcribers.indices where transcribers[index].finalizedThrough < target {
      transcribers[index].finalizedThrough = target
    }
    updateVolatileRange()
    trace(.analyzerFinalize, [TraceEvent.Field("through", target.millisecondsText)])
  }

  /// Waits until audio through `time` is consumed, then finishes the session without publishing
  /// anything more.
  public func finish(after time: CMTime) async throws {
    if stoppedUnexpectedly { return ignoreOnStoppedAnalyzer("finish(after:)") }
    if phase == .finished {
      if let consumedThrough, time <= consumedThrough { return }
      throw finishError ?? CancellationError()
    }
    try await waitUntilConsumed(time)
    finishSession(error: nil)
  }

  /// ``finalize(through:)`` then ``finish(after:)``: the usual end of `analyzeSequence` use.
  public func finalizeAndFinish(through time: CMTime) async throws {
    try await finalize(through: time)
    try await finish(after: time)
  }

  /// Waits until the current input sequence has ended and been consumed (following replacements),
  /// then finalizes and finishes. Waits forever if the input never ends — the simulation reports
  /// that as a deadlock naming this wait.
  public func finalizeAndFinishThroughEndOfInput() async throws {
    if stoppedUnexpectedly { return ignoreOnStoppedAnalyzer("finalizeAndFinishThroughEndOfInput()") }
    guard phase != .finished else { return }
    while !(inputAttached && inputTerminated) {
      try await waitForInputEnd()
      guard phase != .finished else { return }
    }
    try await finalize(through: nil)
    finishSession(error: nil)
  }

  /// Best effort: drops results not yet published whose audio ends before `time`.
  public func cancelAnalysis(before time: CMTime) {
    publishQueue.removeAll { publication in
      if case .result(let result, _) = publication.output { return result.range.end <= time }
      return false
    }
    trace(.analyzerCancelAnalysis, [TraceEvent.Field("before", time.millisecondsText)])
  }

  /// Drops all pending work and finishes, even before any input. Never throws.
  public func cancelAndFinishNow() async {
    publishQueue.removeAll()
    if stoppedUnexpectedly { return endUnexpectedStop() }
    finishSession(error: nil)
  }

  /// Ends the session: result streams end (with `error` if any), waiters are resumed, the analyzer
  /// slot and the ledger's open session are released.
  /// - Parameter keepsResources: Whether the slot and the ledger's open session stay held (an
  ///   unexpected stop, `SpeechAnalyzer+UnexpectedStop.swift`).
  func finishSession(error: (any Error)?, keepsResources: Bool = false) {
    guard phase != .finished else { return }
    phase = .finished
    finishError = error
    device.audioConservation.analyzerFinished(
      name, failed: error != nil, virtualTime: (Simulation.current?.now ?? .zero).seconds)
    publishQueue.removeAll()
    // The publisher may be sleeping until a queued output's due time, holding the analyzer: it
    // stops at once too (found by `speech-replay explore`: a screen dismissed during a latency
    // spike left its finished analyzer alive until the spike's result was due).
    publisherTask?.cancel()
    publisherTask = nil
    // The reader may be spending a slow model's compute time on a buffer: it stops at once, as the
    // session did, instead of holding the analyzer until its sleep ends (found by `speech-replay
    // explore`: an analyzer outlived a screen dismissed while it read).
    if isSpendingComputeTime { readerTask?.cancel() }
    readerTask = nil
    finishTranscriberResults(throwing: error)
    for detector in detectors { detector.finishResults(throwing: error) }
    for module in moduleList where !transcribers.contains(where: { $0.module === module as AnyObject }) {
      (module as? any TranscriptionModule)?.finishResults(throwing: error)
      (module as? any AudioAnalysisModule)?.finishResults(throwing: error)
    }
    let waiters = consumptionWaiters
    consumptionWaiters.removeAll()
    for waiter in waiters { waiter.continuation.resume(throwing: error ?? CancellationError()) }
    let inputWaiters = inputEndWaiters
    inputEndWaiters.removeAll()
    for waiter in inputWaiters { waiter.resume(throwing: error ?? CancellationError()) }
    for (_, waiter) in published { waiter.resume() }
    published.removeAll()
    if !keepsResources {
      if holdsSlot {
        device.releaseAnalyzerSlot()
        holdsSlot = false
      }
      try? sessionLease?.release()
      sessionLease = nil
    }
    trace(.analyzerFinish, [TraceEvent.Field("error", error.map { String(describing: $0) } ?? "none")])
  }

  func waitUntilConsumed(_ time: CMTime) async throws {
    if let consumedThrough, consumedThrough >= time { return }
    let label = "\(name): audio through \(time.millisecondsText) s to be consumed"
    try await withWaitLabel(label) {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        consumptionWaiters.append(ConsumptionWaiter(time: time, continuation: continuation))
      }
    }
  }

  func resumeConsumptionWaiters() {
    guard let consumed = consumedThrough else { return }
    let ready = consumptionWaiters.filter { $0.time <= consumed }
    consumptionWaiters.removeAll { $0.time <= consumed }
    for waiter in ready { waiter.continuation.resume() }
  }

  private func waitForInputEnd() async throws {
    let label = "\(name): the input sequence to end (finalizeAndFinishThroughEndOfInput)"
    try await withWaitLabel(label) {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        inputEndWaiters.append(continuation)
      }
    }
  }

  /// Names the wait for simulation deadlock reports and counts it as an unfinished continuation.
  private func withWaitLabel(_ label: String, _ body: () async throws -> Void) async throws {
    guard let simulation = Simulation.current else { return try await body() }
    let lease = simulation.ledger.acquire(.unfinishedContinuations, label: label)
    defer { try? lease.release() }
    try await simulation.waiting(label) { try await body() }
  }
}
