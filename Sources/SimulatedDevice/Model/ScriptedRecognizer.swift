import CoreMediaTwin

/// Plays a ``ModelScript`` for one module: publishes each entry once its audio time is consumed,
/// keeps the last volatile result so that `finalize(through:)` can commit it, and applies faults.
public final class ScriptedRecognizer: SpeechRecognizing {
  private let script: ModelScript
  private let request: RecognitionRequest
  private var nextEntry = 0
  private var firedErrors = Set<Int>()
  private var consumed = CMTime.zero
  private var lastFinalEnd = CMTime.zero
  private var pending: Pending?
  private var failed = false
  /// Whether a non-empty final has been published (later results may start with a space).
  private var publishedFinal = false
  /// The microphone whose tape the script follows (see ``ScriptedModelBackend/Timing``), and the
  /// capture second that analyzer time zero corresponds to (set at the first consume).
  private let microphone: Microphone?
  private var captureBase: Double?
  /// The script time of the end of the session's first audio (for ``ModelScript/firstResultDelay``).
  private var sessionStart: CMTime?
  /// Starts of the words already reported as not heard, so each is reported once.
  private var unheard = Set<Double>()
  /// The tape position where a legacy recognition task's audio begins when it starts after the
  /// recording did (a new task mid-utterance, after a route change say): words spoken before it
  /// were in an earlier task's request, not this one's, so this task's model never hears them.
  /// (Analyzer sessions keep their earlier behaviour, which the bundled traces are pinned to.)
  private var tapeStart: Double?
  /// For such a task, the words the script had recognized when it started (its last entry before
  /// the task's audio, lower-cased, without punctuation): a script without word times repeats them
  /// in every later cumulative result, and this task never heard them.
  private var earlierWords: [String] = []

  /// The volatile hypothesis not yet committed.
  private struct Pending {
    var start: CMTime
    var end: CMTime
    var text: RecognizedText
    var finalizeAs: RecognizedText?
    var finalizeAsResults: [RecognizedText] = []
  }

  /// Creates a recognizer for one module's request.
  /// - Parameter followsTape: Whether the script is timed on the current device's microphone tape
  ///   rather than the analyzer's clock (``ScriptedModelBackend/Timing``).
  public init(script: ModelScript, request: RecognitionRequest, followsTape: Bool = false) {
    self.script = script
    self.request = request
    let microphone = SimulatedDevice.current.microphone
    self.microphone = followsTape ? microphone : nil
    if let microphone = self.microphone {
      // What was played before this session was heard by an earlier one.
      let start = CMTime.seconds(microphone.tapeTime(atCaptureSeconds: microphone.secondsCaptured) ?? 0)
      while nextEntry < script.entries.count && script.entries[nextEntry].at <= start && microphone.secondsCaptured > 0
      { nextEntry += 1 }
      if microphone.secondsCaptured > 0 {
        lastFinalEnd = start
        if request.module == .speechRecognizer {
          tapeStart = start.seconds
          if nextEntry > 0 {
            let earlier = script.entries[nextEntry - 1]
            let texts =
              earlier.finalizeAsResults.isEmpty
              ? [earlier.finalizeAs ?? earlier.alternatives[0]] : earlier.finalizeAsResults
            earlierWords = texts.flatMap(\.words).map { Self.plain($0.text) }
          }
        }
      }
    }
  }

  /// What the script says (``ModelScript/usesCustomLanguageModel``).
  public var usesCustomLanguageModel: Bool { script.usesCustomLanguageModel }

  /// Analyzer time as script time: itself, or the tape position when the script follows the tape.
  ///
  /// The tape position comes from bookkeeping (the capture second the analyzer's time zero
  /// corresponds to, plus the analyzer's time), unless the audio the analyzer received says
  /// otherwise by more than 20 ms (``AudioConservation``): after lost audio the analyzer's clock
  /// lags the recording, after repeated audio it runs ahead, and the model hears what it heard.
  private func scriptTime(_ time: CMTime) -> CMTime {
    guard let microphone else { return time }
    let base = captureBase ?? (microphone.secondsCaptured - time.seconds)
    captureBase = base
    var capture = base + time.seconds
    if let heard = SimulatedDevice.current.audioConservation.captureSeconds(atAnalyzerTime: time.seconds),
      abs(heard - capture) > 0.020
    {
      capture = heard
    }
    return CMTime.seconds(microphone.tapeTime(atCaptureSeconds: capture) ?? 0)
  }

  /// `text` with the words whose audio did not reach the analyzer intact left out, as a device's
  /// model would miss them; each word left out is reported once as a diagnostic. Words without a
  /// time range (results scripted with no audio behind them) are always heard.
  private func heard(_ text: RecognizedText) -> RecognizedText {
    guard let microphone, text.words.contains(where: { $0.range != nil }) else { return text }
    let monitor = SimulatedDevice.current.audioConservation
    var kept: [RecognizedWord] = []
    for word in text.words {
      guard let range = word.range, let start = microphone.captureSeconds(atTapeTime: range.start.seconds),
        let end = microphone.captureSeconds(atTapeTime: range.end.seconds), end > start
      else {
        kept.append(word)
        continue
      }
      // A session started mid-word hears only the part of the word after its start.
      if let tapeStart, Self.share(of: range, after: tapeStart) < Self.heardFraction { continue }
      let fraction = monitor.intactFraction(captureFrom: start, to: end)
      if fraction >= Self.heardFraction {
        kept.append(word)
      } else if unheard.insert(range.start.seconds).inserted {
        SimulatedDevice.current.diagnose(
          "SpeechTranscriber",
          "the model could not hear '\(word.text)' (\(Self.seconds(range.start.seconds))–\(Self.seconds(range.end.seconds)) s of the recording): only \(Int((fraction * 100).rounded()))% of its audio reached the analyzer intact (lost, silenced or garbled between the tap and the analyzer), so a device's model would not recognise it"
        )
      }
    }
    return Self.text(text, keeping: kept)
  }

  /// `kept`, a part of `text`'s words, as a text; a sentence's capital moves to its new first word.
  private static func text(_ text: RecognizedText, keeping kept: [RecognizedWord]) -> RecognizedText {
    guard kept.count != text.words.count else { return text }
    var kept = kept
    if let first = text.words.first, kept.first != first, first.text.first?.isUppercase == true, !kept.isEmpty {
      kept[0].text = kept[0].text.prefix(1).uppercased() + kept[0].text.dropFirst()
    }
    return RecognizedText(words: kept)
  }

  /// `texts` (one result's texts, in order) without the leading words a task started mid-recording
  /// never heard: as many of ``earlierWords`` as they begin with (case and punctuation aside).
  private func withoutEarlierWords(_ texts: [RecognizedText]) -> [RecognizedText] {
    guard !earlierWords.isEmpty else { return texts }
    var matched = 0
    var differs = false
    return texts.map { text in
      var kept = text.words[...]
      while !differs, let word = kept.first, matched < earlierWords.count {
        differs = Self.plain(word.text) != earlierWords[matched]
        if differs { break }
        kept = kept.dropFirst()
        matched += 1
      }
      if !kept.isEmpty { differs = true }
      return Self.text(text, keeping: Array(kept))
    }
  }

  /// A word lower-cased, without punctuation, for comparing what two results say.
  private static func plain(_ word: String) -> String {
    word.lowercased().filter { $0.isLetter || $0.isNumber }
  }

  /// The share of a word's audio that must reach the analyzer intact for the model to hear it.
  static let heardFraction = 0.8

  /// The share of `range`'s audio (tape seconds) that lies after `tapeStart`.
  private static func share(of range: CMTimeRange, after tapeStart: Double) -> Double {
    let start = range.start.seconds
    let end = range.end.seconds
    guard end > start else { return start >= tapeStart ? 1 : 0 }
    return Swift.max(0, Swift.min(1, (end - Swift.max(start, tapeStart)) / (end - start)))
  }

  private static func seconds(_ value: Double) -> String { String(format: "%.2f", value) }

  /// Publishes the entries (and errors) due by `analyzerTime`, read as the tape position when the
  /// script follows the microphone's tape.
  public func consume(through analyzerTime: CMTime, samples: UnsafeBufferPointer<Float>) -> [RecognizerOutput] {
    guard !failed else { return [] }
    let time = scriptTime(analyzerTime)
    if time > consumed { consumed = time }
    if sessionStart == nil { sessionStart = time }
    var outputs: [RecognizerOutput] = []
    while !failed {
      let entry =
        nextEntry < script.entries.count && script.entries[nextEntry].at <= time ? script.entries[nextEntry] : nil
      if let (index, at, failure, delay) = dueError(before: entry?.at, through: time) {
        firedErrors.insert(index)
        failed = true
        outputs.append(.failure(failure, delay: delay + extraDelay(forAudioAt: at)))
        break
      }
      guard let entry else { break }
      nextEntry += 1
      if let output = publish(entry) { outputs.append(output) }
    }
    return outputs
  }

  /// Commits the pending volatile result through `analyzerTime` (read as ``consume(through:samples:)`` reads it).
  public func finalize(through analyzerTime: CMTime) -> [RecognizerOutput] {
    guard !failed else { return [] }
    let time = scriptTime(analyzerTime)
    defer { if time > lastFinalEnd { lastFinalEnd = time } }
    guard let hypothesis = pending, hypothesis.start < time else { return [] }
    pending = nil
    let end = Swift.max(time, hypothesis.start)
    let delay = (script.finalizeDelay ?? script.latency) + extraDelay(forAudioAt: consumed)
    let texts =
      hypothesis.finalizeAsResults.isEmpty ? [hypothesis.finalizeAs ?? hypothesis.text] : hypothesis.finalizeAsResults
    return Self.shareOut(CMTimeRange(start: hypothesis.start, end: end), among: texts).map { range, text in
      let result = RecognizedResult(
        range: range, finalizationTime: range.end, alternatives: [text], leadingSpace: spaced(text, final: true))
      return .result(result, delay: delay)
    }
  }

  /// `range` cut into one piece per text, each as long as its share of the words (the last ends at `range.end`).
  private static func shareOut(_ range: CMTimeRange, among texts: [RecognizedText]) -> [(CMTimeRange, RecognizedText)] {
    guard texts.count > 1 else { return texts.map { (range, $0) } }
    let total = Swift.max(1, texts.reduce(0) { $0 + $1.words.count })
    var start = range.start
    var counted = 0
    return texts.enumerated().map { index, text in
      counted += text.words.count
      let end =
        index == texts.count - 1
        ? range.end : range.start + CMTime.seconds(range.duration.seconds * Double(counted) / Double(total))
      defer { start = end }
      return (CMTimeRange(start: start, end: end), text)
    }
  }

  /// Turns an entry into an output, updating the hypothesis; nil when the request hides it.
  private func publish(_ entry: ModelScript.Entry) -> RecognizerOutput? {
    var entry = entry
    // The model hears only what reached it: words whose audio was lost or garbled are left out.
    entry.alternatives = entry.alternatives.map { heard(withoutEarlierWords([$0])[0]) }
    entry.finalizeAs = entry.finalizeAs.map { heard(withoutEarlierWords([$0])[0]) }
    entry.finalizeAsResults = withoutEarlierWords(entry.finalizeAsResults).map(heard).filter { !$0.isEmpty }
    let range = entry.range ?? CMTimeRange(start: lastFinalEnd, end: Swift.max(entry.at, lastFinalEnd))
    let alternatives = request.reportsAlternatives ? entry.alternatives : [entry.alternatives[0]]
    let delay = (entry.delay ?? script.latency) + extraDelay(forAudioAt: entry.at)
    switch entry.kind {
    case .final:
      pending = nil
      if range.end > lastFinalEnd { lastFinalEnd = range.end }
      let leadingSpace = spaced(alternatives[0], final: true)
      return .result(
        RecognizedResult(
          range: range, finalizationTime: range.end, alternatives: alternatives, leadingSpace: leadingSpace),
        delay: delay)
    case .volatile:
      let text = entry.alternatives[0]
      pending =
        text.isEmpty
        ? nil
        : Pending(
          start: range.start, end: range.end, text: text, finalizeAs: entry.finalizeAs,
          finalizeAsResults: entry.finalizeAsResults)
      // Without volatile reporting the model keeps its hypothesis to itself until it is final.
      guard request.reportsVolatileResults else { return nil }
      return .result(
        RecognizedResult(
          range: range, finalizationTime: range.start, alternatives: alternatives,
          leadingSpace: spaced(text, final: false)),
        delay: delay)
    }
  }

  /// Whether a result with `text` starts with a space: after the first non-empty final, when the
  /// script asks for it. A final with text marks that the first final has been published.
  private func spaced(_ text: RecognizedText, final: Bool) -> Bool {
    guard !text.isEmpty else { return false }
    let spaced = publishedFinal && script.leadingSpaceAfterFirstFinal
    if final { publishedFinal = true }
    return spaced
  }

  /// The earliest error fault not yet fired whose time is consumed and not after the next entry.
  private func dueError(before entryTime: CMTime?, through time: CMTime) -> (Int, CMTime, ModelFailure, Duration)? {
    var best: (Int, CMTime, ModelFailure, Duration)?
    for (index, fault) in script.faults.enumerated() {
      guard case .error(let at, let failure, let delay) = fault, !firedErrors.contains(index), at <= time else {
        continue
      }
      if let entryTime, entryTime <= at { continue }  // entries at the same time come first
      // An analyzer stop happens once, in the session that hears its moment, not again in the next.
      if failure.stopsAnalyzer, let sessionStart, at < sessionStart { continue }
      if best == nil || at < best!.1 { best = (index, at, failure, delay) }
    }
    return best
  }

  /// Extra publication delay from stalls and latency spikes for an output triggered at `audioTime`.
  private func extraDelay(forAudioAt audioTime: CMTime) -> Duration {
    var extra = Duration.zero
    // Warming up: what the first audio triggers waits until the model is ready, as a stall would.
    if script.firstResultDelay > .zero, let start = sessionStart {
      let ready = start + CMTime(script.firstResultDelay)
      if audioTime < ready { extra += Duration(ready - audioTime) }
    }
    for fault in script.faults {
      switch fault {
      case .error: continue
      case .stall(let at, let duration):
        let stallEnd = at + CMTime(duration)
        if audioTime >= at && audioTime < stallEnd { extra += Duration(stallEnd - audioTime) }
      case .latencySpike(let from, let to, let spike):
        if audioTime >= from && audioTime < to { extra += spike }
      }
    }
    return extra
  }
}
