import AudioPCM
public import Simulation
import Synchronization

/// Follows the microphone's audio from the tap to the analyzer, by content: what the tap handed the
/// app (converted by a reference conversion, ``ReferenceTrack``) against what each analyzer received,
/// aligned block by block. It records which spans arrived intact, which never arrived, arrived twice
/// or out of order, and which arrived garbled (silenced, far louder or quieter, clipped, or not the
/// microphone's audio at all). The scripted model asks it what it could hear; the harness's audio
/// check reads its ``Report`` after the run.
///
/// Alignment tolerates what a correct stack does: another resampler (any engine or quality, the
/// app's own), re-chunking, and the few milliseconds a streaming converter holds back. Each block of
/// 20 ms is first compared at the current offset (±2 samples); when that fails, the offsets one or
/// more tap buffers away are tried (whole tap buffers skipped, sent twice or read after being
/// overwritten), then a ±50 ms search; what matches nowhere is garbled. Silence matches silence
/// without a comparison, so a long quiet session costs little. The work is linear in the audio's
/// length and the memory bounded by the reference window.
public final class AudioConservation: @unchecked Sendable {
  // @unchecked: every mutable member is in `state`, touched only under `lock`; it holds AudioPCM's
  // non-Sendable converter, which never leaves the lock.
  /// Samples per second of the reference and of the comparison: the analyzer's rate.
  public static let rate = 16_000.0
  /// Samples per compared block (20 ms).
  public static let block = 320
  /// Every threshold the comparison and the verdict use is in ``Tuning``.

  private let lock = Mutex<Void>(())
  private var stored = State()

  /// A monitor with nothing recorded.
  public init() {}

  private func withState<R>(_ body: (inout State) throws -> R) rethrows -> R {
    try lock.withLock { _ in try body(&stored) }
  }

  /// Records a buffer the tap handed the app, before the app sees it (it may change it in place).
  /// - Parameters:
  ///   - buffer: The tap's buffer, in the tap's format.
  ///   - captureStart: Seconds into the capture at which it starts.
  ///   - virtualTime: Virtual seconds now.
  ///   - traceSequence: The sequence number of the buffer's `engine.buffer` trace event.
  public func tapDelivered(_ buffer: PCMBuffer, captureStart: Double, virtualTime: Double, traceSequence: Int?) {
    withState { state in
      let start = Int((captureStart * Self.rate).rounded())
      let end = Int(((captureStart + Double(buffer.frameLength) / buffer.format.sampleRate) * Self.rate).rounded())
      state.reference.append(buffer, captureStart: captureStart)
      state.deliveries.append(
        TapDelivery(
          index: state.deliveries.count, virtualTime: virtualTime, captureStart: captureStart,
          frames: buffer.frameLength,
          sampleRate: buffer.format.sampleRate, span: start..<end, traceSequence: traceSequence))
      state.process(force: false)
    }
  }

  /// Whether the monitor keeps the extremes of what the analyzers received (``receivedEnvelope()``),
  /// for the HTML report. Off by default: a long session would keep a block per 20 ms.
  public var keepsReceivedEnvelope: Bool {
    get { withState { $0.keepsEnvelope } }
    set { withState { $0.keepsEnvelope = newValue } }
  }

  /// The extremes of what the analyzers received, one block per 20 ms of each buffer, in the order
  /// received; empty unless ``keepsReceivedEnvelope`` was set before the run.
  public func receivedEnvelope() -> [ReceivedAudioBlock] {
    withState { $0.envelope }
  }

  /// Records audio an analyzer accepted in its format and fed to its modules.
  /// - Parameters:
  ///   - analyzer: The analyzer's name (unique per instance).
  ///   - start: Where the buffer starts on the analyzer's timeline, in seconds.
  ///   - samples: The buffer's samples, mono, full scale ±1.
  public func analyzerReceived(
    _ analyzer: String, start: Double, samples: UnsafeBufferPointer<Float>, virtualTime: Double
  ) {
    withState { state in
      state.accept(analyzer, start: Int((start * Self.rate).rounded()), samples: samples, virtualTime: virtualTime)
    }
  }

  /// Records audio a legacy recognition task (`SFSpeechRecognitionTask`) took from the buffers the
  /// app appended to its request: compared with the tap as an analyzer's input is, once brought to
  /// the monitor's rate (``RecognizerFeed``). Call ``analyzerStarted(_:virtualTime:)`` when the task
  /// starts and ``recognizerEnded(_:failed:virtualTime:)`` when it ends.
  /// - Parameters:
  ///   - recognizer: The task's name (unique per task).
  ///   - start: Where the buffer starts on the task's audio timeline, in seconds.
  ///   - samples: The buffer's samples, mono, at `sampleRate`.
  ///   - sampleRate: The buffer's sample rate.
  ///   - virtualTime: Virtual seconds now.
  public func recognizerReceived(
    _ recognizer: String, start: Double, samples: UnsafeBufferPointer<Float>, sampleRate: Double, virtualTime: Double
  ) {
    withState { state in
      var feed = state.feeds.removeValue(forKey: recognizer) ?? RecognizerFeed(sampleRate: sampleRate, start: start)
      state.noteBand(of: recognizer, sampleRate: sampleRate)
      feed.convert(samples) { index, converted in
        state.accept(recognizer, start: index, samples: converted, virtualTime: virtualTime)
      }
      state.feeds[recognizer] = feed
    }
  }

  /// Records that a legacy recognition task ended: what its converter held back is compared, then
  /// the task counts as an analyzer whose session ended (``analyzerFinished(_:failed:virtualTime:)``).
  public func recognizerEnded(_ recognizer: String, failed: Bool, virtualTime: Double) {
    withState { state in
      guard var feed = state.feeds.removeValue(forKey: recognizer) else { return }
      feed.convert(nil) { index, converted in
        state.accept(recognizer, start: index, samples: converted, virtualTime: virtualTime)
      }
    }
    analyzerFinished(recognizer, failed: failed, virtualTime: virtualTime)
  }

  /// Records that an analyzer began reading its input sequence: tap buffers delivered since then are
  /// candidates for its first input, however long a slow model or large buffers keep it waiting.
  public func analyzerStarted(_ analyzer: String, virtualTime: Double) {
    withState { $0.startTimes[analyzer] = virtualTime }
  }

  /// Records that an analyzer's session ended; audio after a failure has nowhere to go until the
  /// app starts another analyzer, so it is not counted as lost.
  public func analyzerFinished(_ analyzer: String, failed: Bool, virtualTime: Double) {
    withState { state in
      let alignment = state.aligners[analyzer]
      let ending = AnalyzerFailure(
        virtualTime: virtualTime, receivedThrough: alignment?.receivedThrough, analyzer: analyzer,
        analyzerIndex: alignment?.nextIndex)
      state.finishes.append(ending)
      guard failed else { return }
      state.failures.append(ending)
    }
  }

  /// When an analyzer's session ended with an error, and how far it had received.
  public struct AnalyzerFailure: Sendable, Hashable {
    /// Virtual seconds at which it failed.
    public var virtualTime: Double
    /// The reference index up to which it had received audio (nil: it received none); once the
    /// run is over, where the audio check placed its audio (a session that heard only silence is
    /// placed at the end of the run, not where bookkeeping guessed when it ended).
    public var receivedThrough: Int?
    /// The analyzer's name.
    public var analyzer = ""
    /// The analyzer index up to which it had received audio.
    var analyzerIndex: Int?
  }

  /// Records audio an analyzer received in another format and did not feed to its modules.
  public func analyzerRejected(_ analyzer: String, seconds: Double) {
    withState { $0.rejectedSeconds += seconds }
  }

  /// Capture seconds that the current analyzer's time `seconds` corresponds to by content, when the
  /// monitor has locked onto the audio; nil before (the caller keeps its own bookkeeping).
  public func captureSeconds(atAnalyzerTime seconds: Double) -> Double? {
    withState { state in
      guard let name = state.current, let offset = state.aligners[name]?.offset else { return nil }
      return (seconds * Self.rate + Double(offset)) / Self.rate
    }
  }

  /// How much of the capture span `from..<to` (seconds) reached an analyzer intact, from 0 to 1.
  /// Audio not compared yet (the last milliseconds a converter holds back) counts as intact.
  public func intactFraction(captureFrom from: Double, to: Double) -> Double {
    withState { state in
      let span =
        Int((from * Self.rate).rounded())..<max(Int((from * Self.rate).rounded()) + 1, Int((to * Self.rate).rounded()))
      let frontier = state.aligners.values.compactMap(\.evaluatedThrough).max() ?? span.lowerBound
      let pending = max(0, span.upperBound - max(frontier, span.lowerBound))
      let intact = state.intact.covered(span.lowerBound..<min(span.upperBound, max(frontier, span.lowerBound)))
      return Double(intact + pending) / Double(span.count)
    }
  }

  /// Compares what is still pending (the ends the converters held back) and returns everything seen.
  public func finish() -> Report {
    withState { state in
      state.reference.flush()
      for rate in state.bandReferences.keys.sorted() { state.bandReferences[rate]!.finish(state.reference) }
      state.process(force: true)
      for name in state.aligners.keys.sorted() {
        guard var alignment = state.aligners.removeValue(forKey: name) else { continue }
        alignment.finish(into: &state)
        state.aligners[name] = alignment
      }
      func placed(_ ending: AnalyzerFailure) -> AnalyzerFailure {
        guard let index = ending.analyzerIndex, let alignment = state.aligners[ending.analyzer] else { return ending }
        var placed = ending
        placed.receivedThrough = index + alignment.placedOffset
        return placed
      }
      state.failures = state.failures.map(placed)
      state.finishes = state.finishes.map(placed)
      return Report(
        deliveries: state.deliveries, received: state.received, intact: state.intact, problems: state.problems,
        rejectedSeconds: state.rejectedSeconds, worstSignalToNoise: state.worstSignalToNoise,
        receivedSamples: state.receivedSamples,
        analyzerFailures: state.failures, analyzerFirstInputs: state.firstInputs.values.sorted(),
        analyzerFinishes: state.finishes)
    }
  }

  /// What the monitor saw over a run.
  public struct Report: Sendable {
    /// Every buffer the tap handed the app.
    public var deliveries: RecordLog<TapDelivery>
    /// Reference spans some analyzer received (intact or not).
    public var received: AudioSpanSet
    /// Reference spans some analyzer received intact (or as silence where the microphone heard silence).
    public var intact: AudioSpanSet
    /// What went wrong, in the order found.
    public var problems: [AudioProblem]
    /// Seconds of input the analyzers rejected (another format).
    public var rejectedSeconds: Double
    /// The lowest signal-to-noise ratio of a block with sound, in dB (nil: no block with sound).
    public var worstSignalToNoise: Double?
    /// Samples the analyzers received in their format.
    public var receivedSamples: Int
    /// Analyzer sessions that ended with an error.
    public var analyzerFailures: [AnalyzerFailure]
    /// Virtual seconds at which each analyzer received its first input.
    public var analyzerFirstInputs: [Double]
    /// Every analyzer session's end, with or without an error, and how far it had received (a
    /// session cancelled when its screen was dismissed leaves what the stack still held unheard).
    public var analyzerFinishes: [AnalyzerFailure] = []
  }

  struct State {
    var reference = ReferenceTrack(rate: AudioConservation.rate, windowSeconds: AudioConservation.tuning.windowSeconds)
    /// One per tap buffer: past 16,384 the older ones go to a temporary file, so an hours-long
    /// session's monitor stays flat (`RecordLog`).
    var deliveries = RecordLog<TapDelivery>()
    var aligners: [String: Alignment] = [:]
    var current: String?
    var intact = AudioSpanSet()
    var received = AudioSpanSet()
    var problems: [AudioProblem] = []
    var rejectedSeconds = 0.0
    var worstSignalToNoise: Double?
    var receivedSamples = 0
    var failures: [AnalyzerFailure] = []
    var finishes: [AnalyzerFailure] = []
    var firstInputs: [String: Double] = [:]
    var keepsEnvelope = false
    var startTimes: [String: Double] = [:]
    var envelope: [ReceivedAudioBlock] = []

    mutating func recordEnvelope(start: Double, samples: UnsafeBufferPointer<Float>, virtualTime: Double) {
      var offset = 0
      while offset < samples.count {
        let end = min(samples.count, offset + AudioConservation.block)
        var low = Float.greatestFiniteMagnitude
        var high = -Float.greatestFiniteMagnitude
        for index in offset..<end {
          low = min(low, samples[index])
          high = max(high, samples[index])
        }
        envelope.append(
          ReceivedAudioBlock(
            virtualTime: virtualTime, analyzerTime: start + Double(offset) / AudioConservation.rate,
            seconds: Double(end - offset) / AudioConservation.rate, low: low, high: high))
        offset = end
      }
    }

    /// The legacy recognition tasks' audio on its way to the monitor's rate, by task name.
    var feeds: [String: RecognizerFeed] = [:]

    /// Takes audio an analyzer (or a recognition task) received: its envelope, then the comparison.
    mutating func accept(_ name: String, start: Int, samples: UnsafeBufferPointer<Float>, virtualTime: Double) {
      if keepsEnvelope {
        recordEnvelope(start: Double(start) / AudioConservation.rate, samples: samples, virtualTime: virtualTime)
      }
      current = name
      if firstInputs[name] == nil { firstInputs[name] = virtualTime }
      receive(name, start: start, samples: samples, now: virtualTime)
    }

    mutating func receive(_ name: String, start: Int, samples: UnsafeBufferPointer<Float>, now: Double) {
      receivedSamples += samples.count
      // An empty buffer says nothing about where the audio is: the guess waits for samples.
      if aligners[name] == nil, samples.isEmpty { return }
      if aligners[name] == nil {
        // Bookkeeping guess: an app's queue is in order, so a new session's first buffer came from
        // the first tap buffer after what earlier sessions received (a lagging queue or a
        // converter's hold-back does not move that; audio the app skipped is found by the search).
        // The app's queue is at most a few seconds behind: a first buffer older than that means the
        // app started listening anew (the newest tap buffer less this one is the better guess).
        let heard = aligners.values.map(\.receivedThrough).max() ?? 0
        let newest = (deliveries.last?.span.upperBound ?? reference.head) - samples.count
        // Audio delivered before an earlier session failed went nowhere: this session starts after it.
        let lastFailure = failures.map(\.virtualTime).max() ?? -1
        // Buffers delivered since the analyzer started reading are candidates too, however long a
        // slow model with large buffers kept the first one waiting.
        let tuning = AudioConservation.tuning
        let since = min(now - tuning.candidateSeconds, startTimes[name] ?? now - tuning.candidateSeconds)
        let overlap = Int(tuning.candidateOverlap * AudioConservation.rate)
        let candidates = Array(
          deliveries.lazy.filter {
            $0.span.lowerBound >= heard - overlap && $0.virtualTime >= since && $0.virtualTime > lastFailure
          }.prefix(tuning.candidateBuffers))
        let first = candidates.first?.span.lowerBound ?? newest
        // The app may have started its queue with any of them (what an ended session's stack held
        // went with it); bounded: two seconds of small buffers, a long wait with large ones. Buffers
        // delivered since the session started come first: a new stack's queue starts there.
        let started = startTimes[name] ?? now
        let sinceStart = candidates.filter { $0.virtualTime >= started }.map { $0.span.lowerBound - start }
        let earlier = candidates.filter { $0.virtualTime < started }.map { $0.span.lowerBound - start }
        let placements = sinceStart + earlier
        // An analyzer whose first input comes before the tap delivered anything is fed from elsewhere (a file).
        aligners[name] = Alignment(
          name: name, start: start, guess: first - start, alternatives: placements.filter { $0 != first - start },
          silencePlacements: placements, hearsMicrophone: !deliveries.isEmpty)
      }
      if aligners[name]!.nextIndex != start {
        // A buffer placed elsewhere on the analyzer's timeline (its own start time): finish comparing
        // what came before, then continue from there.
        var alignment = aligners.removeValue(forKey: name)!
        alignment.process(reference: reference(for: name), deliveries: deliveries, force: true, into: &self)
        alignment.jump(to: start)
        aligners[name] = alignment
      }
      aligners[name]!.append(samples)
      process(force: false)
    }

    /// Compares every block whose reference is available (all of them when `force`).
    mutating func process(force: Bool) {
      for rate in bandReferences.keys.sorted() { bandReferences[rate]!.follow(reference) }
      for name in aligners.keys.sorted() {
        // Moved out and back, never copied: its buffers stay uniquely referenced.
        guard var alignment = aligners.removeValue(forKey: name) else { continue }
        alignment.process(reference: reference(for: name), deliveries: deliveries, force: force, into: &self)
        aligners[name] = alignment
      }
    }

    /// The band-limited references by rate, and the rate of each task fed below the monitor's rate.
    var bandReferences: [Double: BandLimitedReference] = [:]
    var bandRates: [String: Double] = [:]

    /// Notes that `recognizer` is fed at `sampleRate`: below the monitor's rate, its audio is
    /// compared with the reference limited to that rate's band (``BandLimitedReference``).
    mutating func noteBand(of recognizer: String, sampleRate: Double) {
      guard sampleRate < AudioConservation.rate, bandRates[recognizer] == nil else { return }
      bandRates[recognizer] = sampleRate
      if bandReferences[sampleRate] == nil {
        bandReferences[sampleRate] = BandLimitedReference(bandRate: sampleRate, following: reference)
      }
    }

    /// The reference `name`'s audio is compared with.
    func reference(for name: String) -> ReferenceTrack {
      bandRates[name].flatMap { bandReferences[$0]?.track } ?? reference
    }

    mutating func noteSignalToNoise(_ value: Double) {
      worstSignalToNoise = min(worstSignalToNoise ?? value, value)
    }
  }
}
