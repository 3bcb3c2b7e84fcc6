import AVFAudioTwin
import CoreMediaTwin
import Foundation
import SimulatedDevice
import Simulation
import Synchronization

/// An analysis session: takes audio, routes it through its modules, and publishes their results —
/// the twin of Apple's `SpeechAnalyzer`, running on the simulated device.
///
/// The lifecycle is Apple's: idle until input arrives, running while an input sequence is read,
/// finished after a finish method, an error, or release. Ending the input sequence does **not**
/// finish the session (its results streams stay open — the trap the seeds describe); call
/// ``finalizeAndFinishThroughEndOfInput()`` or ``finalizeAndFinish(through:)``.
///
/// Traps are kept and reported as diagnostics on ``SimulatedDevice/current``: input in another
/// format than the analyzer's gives no results and no error; a session never finished holds its
/// resources (an analyzer slot and an open session in the ledger).
///
/// ```swift
/// let transcriber = SpeechTranscriber(locale: Locale(identifier: "en-US"), preset: .progressiveTranscription)
/// let analyzer = SpeechAnalyzer(modules: [transcriber])
/// let (stream, input) = AsyncStream<AnalyzerInput>.makeStream()
/// try await analyzer.start(inputSequence: stream)
/// // … input.yield(AnalyzerInput(buffer: converted)) …
/// input.finish()
/// try await analyzer.finalizeAndFinishThroughEndOfInput()
/// ```
public final actor SpeechAnalyzer {
  enum Phase: String { case idle, running, finished }

  // Configuration.
  var moduleList: [any SpeechModule]
  let options: Options
  var analysisContext: AnalysisContext
  var volatileRangeHandler: (@Sendable (_ range: CMTimeRange, _ changedStart: Bool, _ changedEnd: Bool) -> Void)?
  let device: SimulatedDevice
  /// Owned by the analyzer's name, as its waits' labels are ("analyzer 1: …"): a wait whose
  /// analyzer still has a timer armed when a run ends is work in flight, not left behind.
  let clock: VirtualClock
  let name: String
  /// Counts live analyzers, so leak cycles name this type when analyzers pile up.
  private let liveObjects = LiveObjectTracker(SpeechAnalyzer.self)

  // Lifecycle and resources.
  var phase = Phase.idle
  var finishError: (any Error)?
  var holdsSlot = false
  var sessionLease: LedgerLease?
  /// Whether the session stopped unexpectedly (`SpeechAnalyzer+UnexpectedStop.swift`): finished for
  /// the app, but still holding its slot and open session until `cancelAndFinishNow()` or release.
  var stoppedUnexpectedly = false
  /// The finalize and finish calls already reported as ignored on the stopped analyzer.
  var ignoredCallsWhileStopped: Set<String> = []

  // Input.
  var inputGeneration = 0
  var inputAttached = false
  var inputTerminated = false
  var readerTask: Task<Void, Never>?
  /// Whether the reader is spending a timing-aware model's compute time on an input (a finish
  /// cancels that wait).
  var isSpendingComputeTime = false
  /// End of the audio consumed so far on the analyzer's timeline; nil before any input.
  var consumedThrough: CMTime?
  var reportedFormats: Set<String> = []
  var reportedBacklog = false
  /// Reused for each input buffer's mono Float samples, so accepting audio allocates nothing.
  var monoScratch: [Float] = []
  /// Virtual time when the session opened, to measure how far analysis lags behind.
  var analysisStart: Duration = .zero

  // Modules in the analysis.
  var transcribers: [TranscriberSlot] = []
  var detectors: [any AudioAnalysisModule] = []

  // Results.
  var publishQueue: [Publication] = []
  var lastDue: VirtualClock.Instant?
  var publisherRunning = false
  /// The task publishing ``publishQueue``; cancelled when the session finishes, so a publication
  /// still waiting for its due time does not keep a finished analyzer alive.
  var publisherTask: Task<Void, Never>?
  var enqueuedCount = 0
  var publishedCount = 0
  var published: [Int: CheckedContinuation<Void, Never>] = [:]
  var currentVolatileRange: CMTimeRange?
  /// Whether results (and the streams' end) are held until after a `finalize…()` returned
  /// (`SpeechAnalyzer+Delivery.swift`), which hold is the latest, and what is held.
  var holdsDelivery = false
  var deliveryHoldGeneration = 0
  var heldResults: [HeldResult] = []
  var heldFinish: HeldFinish?

  // Waiters.
  var consumptionWaiters: [ConsumptionWaiter] = []
  var inputEndWaiters: [CheckedContinuation<Void, any Error>] = []

  /// Creates an idle analyzer with `modules` (which may be empty and set later).
  public init(modules: [any SpeechModule], options: Options? = nil) {
    self.init(modules: modules, options: options, context: AnalysisContext(), handler: nil)
  }

  /// Creates an analyzer and starts analysing `inputSequence` on its own, as
  /// ``start(inputSequence:)`` does.
  public init<InputSequence: AsyncSequence & Sendable>(
    inputSequence: InputSequence, modules: [any SpeechModule], options: Options? = nil,
    analysisContext: AnalysisContext = .init(),
    volatileRangeChangedHandler: sending ((_ range: CMTimeRange, _ changedStart: Bool, _ changedEnd: Bool) -> Void)? =
      nil
  ) where InputSequence.Element == AnalyzerInput {
    let handler = volatileRangeChangedHandler.map { UncheckedHandler($0) }
    self.init(modules: modules, options: options, context: analysisContext, handler: handler)
    Task { try? await self.start(inputSequence: inputSequence) }
  }

  private init(modules: [any SpeechModule], options: Options?, context: AnalysisContext, handler: UncheckedHandler?) {
    self.moduleList = modules
    self.options = options ?? .standard
    self.analysisContext = context
    if let handler {
      self.volatileRangeHandler = { @Sendable range, changedStart, changedEnd in
        handler.call(range, changedStart, changedEnd)
      }
    } else {
      self.volatileRangeHandler = nil
    }
    let device = SimulatedDevice.current
    self.device = device
    self.name = "analyzer \(device.nextAnalyzerNumber())"
    self.clock = VirtualClock(owner: name)
  }

  deinit {
    // Releasing the analyzer finishes the session (Apple's documented behaviour).
    if phase != .finished {
      for slot in transcribers { slot.module.finishResults(throwing: nil) }
      for detector in detectors { detector.finishResults(throwing: nil) }
      if holdsSlot { device.releaseAnalyzerSlot() }
      try? sessionLease?.release()
    } else if stoppedUnexpectedly {
      // Releasing a stopped analyzer ends its stuck state too (the documented end by release).
      if holdsSlot { device.releaseAnalyzerSlot() }
      try? sessionLease?.release()
    }
  }

  /// The modules of the analysis.
  public var modules: [any SpeechModule] { moduleList }

  /// The range of audio whose results may still change: from the start of non-final results to
  /// the end of the audio consumed; nil before any input.
  public var volatileRange: CMTimeRange? { currentVolatileRange }

  /// Replaces the handler called when ``volatileRange`` changes (also one given to an initializer).
  public func setVolatileRangeChangedHandler(
    _ handler: sending ((_ range: CMTimeRange, _ changedStart: Bool, _ changedEnd: Bool) -> Void)?
  ) {
    if let handler {
      let box = UncheckedHandler(handler)
      volatileRangeHandler = { @Sendable range, changedStart, changedEnd in box.call(range, changedStart, changedEnd) }
    } else {
      volatileRangeHandler = nil
    }
  }

  /// The contextual information the analysis uses.
  public var context: AnalysisContext { analysisContext }

  /// Replaces the analysis context.
  public func setContext(_ newContext: AnalysisContext) async throws {
    analysisContext = newContext
  }

  /// Records a trace event for this analyzer inside a simulation.
  func trace(_ kind: TraceEvent.Kind, _ fields: [TraceEvent.Field] = []) {
    Simulation.current?.trace.record(kind, fields: [TraceEvent.Field("analyzer", name)] + fields)
  }
}

/// A volatile-range handler handed over with `sending`: called only on the analyzer's actor.
final class UncheckedHandler: @unchecked Sendable {
  private let handler: (CMTimeRange, Bool, Bool) -> Void
  init(_ handler: @escaping (CMTimeRange, Bool, Bool) -> Void) { self.handler = handler }
  func call(_ range: CMTimeRange, _ start: Bool, _ end: Bool) { handler(range, start, end) }
}
