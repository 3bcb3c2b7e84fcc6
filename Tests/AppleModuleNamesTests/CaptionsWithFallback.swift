// A third app's speech code in Apple's names: live captions that time-stamp each tap buffer, give
// the analyzer custom vocabulary, watch the volatile range, read per-word confidence, rebuild after
// an engine configuration change, and fall back to SFSpeechRecognizer where SpeechTranscriber is
// not available. AppCodeSweepTests runs it on the simulated device.
import AVFoundation
import CoreMedia
import Speech

/// A caption line: finalized text, low-confidence words, and the audio it covers.
struct CaptionLine: Equatable, Sendable {
  var text: String
  var unsureWords: [String]
  var range: ClosedRange<Double>
}

/// The permission check a macOS captions app runs before starting (capture-device permission).
func microphoneAllowed() async -> Bool {
  switch AVCaptureDevice.authorizationStatus(for: .audio) {
  case .authorized: return true
  case .notDetermined: return await AVCaptureDevice.requestAccess(for: .audio)
  case .denied, .restricted: return false
  @unknown default: return false
  }
}

/// Live captions with SpeechAnalyzer's autonomous initializer.
@available(iOS 26.0, macOS 26.0, *)
final class LiveCaptions: @unchecked Sendable {
  // @unchecked: state is touched from the test's task and, for the counters, from the tap, which
  // the simulation runs on the same executor.
  private let engine = AVAudioEngine()
  private var continuation: AsyncStream<AnalyzerInput>.Continuation?
  private var analyzer: SpeechAnalyzer?
  private var results: Task<[CaptionLine], any Error>?
  private var observer: (any NSObjectProtocol)?
  /// Volatile-range changes the analyzer reported (start changed, end changed).
  private(set) var volatileChanges = 0
  /// Start times (seconds) of the buffers handed to the analyzer, from the tap's `AVAudioTime`.
  private(set) var bufferStarts: [Double] = []
  private(set) var configurationChanges = 0
  /// The peak level of each microphone buffer, for the app's level meter.
  private(set) var peaks: [Float] = []

  /// Starts captions in `locale` with `vocabulary` as contextual strings.
  func start(locale: Locale, vocabulary: [String]) async throws {
    guard SpeechTranscriber.isAvailable else { throw SFSpeechError(.noModel) }
    let transcriber = SpeechTranscriber(
      locale: locale, transcriptionOptions: [], reportingOptions: [.volatileResults, .fastResults],
      attributeOptions: [.audioTimeRange, .transcriptionConfidence])
    guard let format = await transcriber.availableCompatibleAudioFormats.first else {
      throw SFSpeechError(.incompatibleAudioFormats)
    }
    let context = AnalysisContext()
    context.contextualStrings[.general] = vocabulary
    context.contextualStrings[AnalysisContext.ContextualStringsTag("people")] = ["Ada"]

    let (stream, continuation) = AsyncStream.makeStream(of: AnalyzerInput.self, bufferingPolicy: .unbounded)
    self.continuation = continuation
    results = Task { try await Self.lines(from: transcriber) }
    analyzer = SpeechAnalyzer(
      inputSequence: stream, modules: [transcriber],
      options: SpeechAnalyzer.Options(priority: .high, modelRetention: .lingering), analysisContext: context
    ) { [weak self] _, changedStart, changedEnd in
      if changedStart || changedEnd { self?.volatileChanges += 1 }
    }

    try installTap(analyzerFormat: format)
    observer = NotificationCenter.default.addObserver(
      forName: .AVAudioEngineConfigurationChange, object: engine, queue: nil
    ) { [weak self] _ in self?.configurationChanges += 1 }
    engine.prepare()
    try engine.start()
  }

  private func installTap(analyzerFormat: AVAudioFormat) throws {
    let input = engine.inputNode
    let hardware = input.outputFormat(forBus: 0)
    guard hardware.sampleRate > 0, let converter = AVAudioConverter(from: hardware, to: analyzerFormat) else {
      throw SFSpeechError(.unexpectedAudioFormat)
    }
    converter.primeMethod = .none
    let ratio = analyzerFormat.sampleRate / hardware.sampleRate
    var producedFrames: AVAudioFramePosition = 0
    input.installTap(onBus: 0, bufferSize: AVAudioFrameCount(hardware.sampleRate / 10), format: nil) {
      [weak self] buffer, when in
      guard let self, when.isSampleTimeValid else { return }
      if let samples = buffer.floatChannelData {
        self.peaks.append((0..<Int(buffer.frameLength)).reduce(Float(0)) { max($0, abs(samples[0][$1])) })
      }
      let capacity = AVAudioFrameCount(Double(buffer.frameLength) * ratio) + 32
      guard let out = AVAudioPCMBuffer(pcmFormat: analyzerFormat, frameCapacity: capacity) else { return }
      nonisolated(unsafe) var given = false
      nonisolated(unsafe) let source = buffer
      var error: NSError?
      _ = converter.convert(to: out, error: &error) { _, status in
        defer { given = true }
        status.pointee = given ? .noDataNow : .haveData
        return given ? nil : source
      }
      guard error == nil, out.frameLength > 0 else { return }
      // Time-stamp the converted audio in the analyzer's timescale, counting converted frames.
      let start = CMTime(value: producedFrames, timescale: CMTimeScale(analyzerFormat.sampleRate))
      producedFrames += AVAudioFramePosition(out.frameLength)
      self.bufferStarts.append(start.seconds)
      self.continuation?.yield(AnalyzerInput(buffer: out, bufferStartTime: start))
    }
  }

  /// Mutes or unmutes the microphone without stopping the engine (a push-to-talk button).
  func setMuted(_ muted: Bool) throws {
    guard AVAudioApplication.shared.isInputMuted != muted else { return }
    try AVAudioApplication.shared.setInputMuted(muted)
  }

  /// Stops the captions and returns the finalized lines.
  func stop() async throws -> [CaptionLine] {
    engine.inputNode.removeTap(onBus: 0)
    engine.stop()
    observer.map(NotificationCenter.default.removeObserver)
    continuation?.finish()
    try await analyzer?.finalizeAndFinishThroughEndOfInput()
    return try await results?.value ?? []
  }

  /// Final results as caption lines; words under 0.5 confidence are flagged.
  static func lines(from transcriber: SpeechTranscriber) async throws -> [CaptionLine] {
    var lines: [CaptionLine] = []
    for try await result in transcriber.results where result.isFinal {
      var unsure: [String] = []
      for (confidence, range) in result.text.runs[\.transcriptionConfidence] {
        if let confidence, confidence < 0.5 {
          unsure.append(String(result.text[range].characters).trimmingCharacters(in: .whitespaces))
        }
      }
      let start = result.range.start.seconds
      let end = CMTimeRangeGetEnd(result.range).seconds
      lines.append(CaptionLine(text: String(result.text.characters), unsureWords: unsure, range: start...end))
    }
    return lines
  }
}

/// The pre-26 path apps keep for older systems: SFSpeechRecognizer on a recorded file.
final class LegacyFileRecognition: @unchecked Sendable {
  private var task: SFSpeechRecognitionTask?

  /// Recognizes `url` on the device; returns the final text and its words' start times.
  func recognize(_ url: URL, locale: Locale) async throws -> (text: String, wordStarts: [TimeInterval]) {
    guard let recognizer = SFSpeechRecognizer(locale: locale), recognizer.isAvailable else {
      throw SFSpeechError(.noModel)
    }
    let request = SFSpeechURLRecognitionRequest(url: url)
    request.shouldReportPartialResults = false
    request.requiresOnDeviceRecognition = recognizer.supportsOnDeviceRecognition
    request.addsPunctuation = true
    request.taskHint = .dictation
    return try await withCheckedThrowingContinuation { continuation in
      nonisolated(unsafe) var resumed = false
      task = recognizer.recognitionTask(with: request) { result, error in
        guard !resumed else { return }
        if let error {
          resumed = true
          continuation.resume(throwing: error)
        } else if let result, result.isFinal {
          resumed = true
          let best = result.bestTranscription
          continuation.resume(returning: (best.formattedString, best.segments.map(\.timestamp)))
        }
      }
    }
  }
}

/// The pre-26 live path fed from capture output: sample buffers appended to a buffer request.
final class LegacySampleBufferRecognition: @unchecked Sendable {
  private var task: SFSpeechRecognitionTask?
  private(set) var partials = 0

  /// Recognizes `sampleBuffers` as capture delivers them; returns the final text.
  func recognize(_ sampleBuffers: [CMSampleBuffer], locale: Locale) async throws -> String {
    guard let recognizer = SFSpeechRecognizer(locale: locale) else { throw SFSpeechError(.noModel) }
    let request = SFSpeechAudioBufferRecognitionRequest()
    request.shouldReportPartialResults = true
    let text: String = try await withCheckedThrowingContinuation { continuation in
      nonisolated(unsafe) var resumed = false
      task = recognizer.recognitionTask(with: request) { [weak self] result, error in
        guard !resumed else { return }
        if let error {
          resumed = true
          continuation.resume(throwing: error)
        } else if let result {
          if result.isFinal {
            resumed = true
            continuation.resume(returning: result.bestTranscription.formattedString)
          } else {
            self?.partials += 1
          }
        }
      }
      for sampleBuffer in sampleBuffers { request.appendAudioSampleBuffer(sampleBuffer) }
      request.endAudio()
    }
    return text
  }
}
