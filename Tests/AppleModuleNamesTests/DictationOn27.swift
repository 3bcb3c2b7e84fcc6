// App code as a team writes it for the 27 SDK against Apple's Speech and AVFoundation, keeping its
// 26 path: a dictation feature that takes the microphone through the 27 tap and Apple's
// `AnalyzerInputConverter` (flushed at the stop) when `#available(iOS 27, macOS 27, *)`, and through
// `installTap` and its own `AVAudioConverter` otherwise; it handles the 27 session notifications,
// transcribes files with `AssetInputSequenceProvider` and captures with `CaptureInputSequenceProvider`.
// Only Apple's module names are imported; SDK27AppCodeTests runs it on the simulated device.
import AVFoundation
import CoreMedia
import Speech

/// Which input path the feature took.
enum DictationPath: String, Sendable {
  case sdk27
  case sdk26
}

/// A dictation feature that branches on the SDK.
@available(iOS 26.0, macOS 26.0, *)
final class DictationOn27: @unchecked Sendable {
  // @unchecked: the app drives it from one task; the tap touches only the continuation and the
  // converter, which it owns while the engine runs.
  private let engine = AVAudioEngine()
  private var analyzer: SpeechAnalyzer?
  private var transcriber: SpeechTranscriber?
  private var continuation: AsyncStream<AnalyzerInput>.Continuation?
  private var resultsTask: Task<Void, any Error>?
  private var observers: [any NSObjectProtocol] = []
  private var converter27: AnyObject?
  private var converter26: AVAudioConverter?

  /// The path the last start took.
  private(set) var path: DictationPath?
  /// Finalized text so far.
  private(set) var text = ""
  /// Buffers the tap delivered.
  private(set) var tapBuffers = 0
  /// How the session ended, as the 27 notification says ("app", "system:<reason>").
  private(set) var deactivations: [String] = []

  /// Starts dictation; `use27` false forces the 26 path (the app's own switch for testing it).
  func start(locale: Locale, use27: Bool = true) async throws {
    let transcriber = SpeechTranscriber(locale: locale, preset: .progressiveTranscription)
    self.transcriber = transcriber
    let analyzer = SpeechAnalyzer(modules: [transcriber])
    self.analyzer = analyzer
    let (stream, continuation) = AsyncStream<AnalyzerInput>.makeStream()
    self.continuation = continuation
    resultsTask = Task { [weak self] in
      for try await result in transcriber.results where result.isFinal {
        self?.text += String(result.text.characters)
      }
    }
    try AVAudioSession.sharedInstance().setCategory(.record, mode: .measurement, options: [])
    if #available(iOS 27, macOS 27, *), use27 {
      try await startInput27(transcriber: transcriber, continuation: continuation)
    } else {
      try await startInput26(transcriber: transcriber, continuation: continuation)
    }
    try await analyzer.start(inputSequence: stream)
    engine.prepare()
    try engine.start()
  }

  @available(iOS 27, macOS 27, *)
  private func startInput27(
    transcriber: SpeechTranscriber, continuation: AsyncStream<AnalyzerInput>.Continuation
  )
    async throws
  {
    path = .sdk27
    guard let format = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber]) else {
      throw CancellationError()
    }
    let converter = AnalyzerInputConverter(analyzerFormat: format) { avConverter in
      avConverter.sampleRateConverterQuality = AVAudioQuality.high.rawValue
    }
    converter27 = converter
    nonisolated(unsafe) let unsafeConverter = converter
    try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
      AVAudioSession.sharedInstance().activate { _, error in
        if let error { done.resume(throwing: error) } else { done.resume() }
      }
    }
    observers.append(
      NotificationCenter.default.addObserver(
        forName: AVAudioSession.didBecomeInactiveNotification, object: nil, queue: nil
      ) { [weak self] note in
        guard let context = note.userInfo?[AVAudioSession.deactivationContextKey] as? AVAudioSession.DeactivationContext
        else { return }
        switch context.source {
        case .app: self?.deactivations.append("app")
        case .system: self?.deactivations.append("system:\(context.interruptionContext?.reason.rawValue ?? 99)")
        @unknown default: break
        }
      })
    let input = engine.inputNode
    input.voiceProcessingOtherAudioDuckingConfiguration = AVAudioVoiceProcessingOtherAudioDuckingConfiguration(
      enableAdvancedDucking: true, duckingLevel: .min)
    try input.installAudioTap(onBus: 0, bufferSize: 4096, format: nil) { [weak self] buffer, time in
      self?.tapBuffers += 1
      let copy = AVAudioPCMBuffer(copying: buffer)
      guard let inputs = try? unsafeConverter.convert(copy, at: time) else { return }
      for analyzerInput in inputs { continuation.yield(analyzerInput) }
    }
  }

  private func startInput26(
    transcriber: SpeechTranscriber, continuation: AsyncStream<AnalyzerInput>.Continuation
  )
    async throws
  {
    path = .sdk26
    try AVAudioSession.sharedInstance().setActive(true)
    guard let format = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber]) else {
      throw CancellationError()
    }
    let input = engine.inputNode
    let converter = AVAudioConverter(from: input.outputFormat(forBus: 0), to: format)!
    converter26 = converter
    input.installTap(onBus: 0, bufferSize: 4096, format: nil) { [weak self] buffer, _ in
      self?.tapBuffers += 1
      let capacity = AVAudioFrameCount(Double(buffer.frameLength) * format.sampleRate / buffer.format.sampleRate) + 1024
      guard let output = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: capacity) else { return }
      nonisolated(unsafe) var supplied = false
      nonisolated(unsafe) let buffer = buffer
      var error: NSError?
      converter.convert(to: output, error: &error) { _, status in
        if supplied {
          status.pointee = .noDataNow
          return nil
        }
        supplied = true
        status.pointee = .haveData
        return buffer
      }
      if output.frameLength > 0 { continuation.yield(AnalyzerInput(buffer: output)) }
    }
  }

  /// Stops: the engine, then the converter's held audio (flush on 27), then the analyzer.
  func stop() async throws {
    engine.stop()
    engine.inputNode.removeTap(onBus: 0)
    if #available(iOS 27, macOS 27, *), let converter = converter27 as? AnalyzerInputConverter {
      for input in try converter.flush() { continuation?.yield(input) }
      _ = try await AVAudioSession.sharedInstance().deactivate(options: .notifyOthersOnDeactivation)
    } else {
      try AVAudioSession.sharedInstance().setActive(false)
    }
    continuation?.finish()
    try await analyzer?.finalizeAndFinishThroughEndOfInput()
    try await resultsTask?.value
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
  }

  /// Transcribes a file through Apple's asset provider (27) and returns its text.
  @available(iOS 27, macOS 27, *)
  static func transcribeFile(_ url: URL, locale: Locale) async throws -> String {
    let transcriber = SpeechTranscriber(locale: locale, preset: .transcription)
    let provider = try await AssetInputSequenceProvider.provider(
      from: AVURLAsset(url: url), compatibleWith: [transcriber])
    let analyzer = SpeechAnalyzer(modules: [transcriber])
    let collect = Task {
      var text = ""
      for try await result in transcriber.results { text += String(result.text.characters) }
      return text
    }
    if let end = try await analyzer.analyzeSequence(provider.analyzerInputs) {
      try await analyzer.finalizeAndFinish(through: end)
    } else {
      await analyzer.cancelAndFinishNow()
    }
    return try await collect.value
  }

  /// Reads a file's first frames with the 27 read and copies them into a mutable buffer.
  @available(iOS 27, macOS 27, *)
  static func firstFrames(of url: URL, count: AVAudioFrameCount) throws -> (Int, Double) {
    let file = try AVAudioFile(forReading: url)
    let chunk = try file.read(frameCount: count)
    let copy = AVAudioPCMBuffer(copying: chunk)
    let peak = (0..<Int(copy.frameLength)).map { abs(copy.floatChannelData![0][$0]) }.max() ?? 0
    return (chunk.frameLength, Double(peak))
  }
}

/// Captures with Apple's capture provider (27) for a fixed time and returns the text.
@available(iOS 27, macOS 27, *)
final class CaptureDictation: @unchecked Sendable {
  private(set) var text = ""
  private(set) var inputs = 0

  func run(locale: Locale, listen: @Sendable () async throws -> Void) async throws {
    let transcriber = SpeechTranscriber(locale: locale, preset: .progressiveTranscription)
    guard let microphone = AVCaptureDevice.default(for: .audio) else { return }
    var provider: CaptureInputSequenceProvider? = try await CaptureInputSequenceProvider.providerWithSession(
      from: microphone, compatibleWith: [transcriber])
    let analyzer = SpeechAnalyzer(modules: [transcriber])
    let results = Task { [weak self] in
      for try await result in transcriber.results where result.isFinal {
        self?.text += String(result.text.characters)
      }
    }
    let counted = CountedInputs(provider!.analyzerInputs) { [weak self] in self?.inputs += 1 }
    try await analyzer.start(inputSequence: counted)
    provider?.captureSession.startRunning()
    try await listen()
    provider?.captureSession.stopRunning()
    // The sequence ends when the provider's output goes: release it, then finish.
    provider = nil
    try await analyzer.finalizeAndFinishThroughEndOfInput()
    try await results.value
  }
}

/// Counts the inputs a sequence passes on.
struct CountedInputs<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == AnalyzerInput {
  let base: Base
  let onInput: @Sendable () -> Void
  init(_ base: Base, onInput: @escaping @Sendable () -> Void) {
    self.base = base
    self.onInput = onInput
  }
  func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator(), onInput: onInput) }
  struct Iterator: AsyncIteratorProtocol {
    var base: Base.AsyncIterator
    let onInput: @Sendable () -> Void
    mutating func next() async throws -> AnalyzerInput? {
      let input = try await base.next()
      if input != nil { onInput() }
      return input
    }
  }
}
