// App code as an iOS 26 team writes it against Apple's Speech and AVFoundation: a lecture-notes
// feature that picks a locale, makes sure the model is installed, transcribes the microphone live
// (engine tap -> converter -> AnalyzerInput stream) and recorded files, and keeps word timings.
// Only Apple's module names are imported; that this file compiles on Linux is half the test,
// AppCodeSweepTests runs it on the simulated device.
import AVFoundation
import CoreMedia
import Speech

/// Errors the feature reports to its UI.
enum LectureNotesError: Error, Equatable {
  case recognitionNotAuthorized
  case microphoneDenied
  case localeNotSupported
  case noAudioFormat
  case modelNotInstalled(String)
}

/// One finalized phrase with the audio it came from.
struct TimedPhrase: Equatable, Sendable {
  var text: String
  var start: Double
  var end: Double
}

/// The lecture-notes transcription feature.
@available(iOS 26.0, macOS 26.0, *)
final class LectureNotesTranscription: @unchecked Sendable {
  // @unchecked: the app drives it from one task; the tap only touches the stream continuation
  // and the converter, which it owns while the engine runs.

  /// Finalized text so far, and the live (volatile) guess after it.
  private(set) var finalized = AttributedString()
  private(set) var volatile = AttributedString()
  /// Finalized phrases with their word-level time ranges merged.
  private(set) var phrases: [TimedPhrase] = []
  /// Download progress seen while installing the model (fractionCompleted samples).
  private(set) var downloadFractions: [Double] = []
  /// The status before and after installing.
  private(set) var statusLog: [AssetInventory.Status] = []
  /// How many buffers the converter produced, and their frames.
  private(set) var convertedBuffers = 0
  private(set) var convertedFrames: AVAudioFramePosition = 0

  private let engine = AVAudioEngine()
  private var analyzer: SpeechAnalyzer?
  private var transcriber: SpeechTranscriber?
  private var inputContinuation: AsyncStream<AnalyzerInput>.Continuation?
  private var converter: AVAudioConverter?
  private var resultsTask: Task<Void, any Error>?

  // MARK: Permissions

  /// Asks for speech recognition and microphone permission, as the app's onboarding does.
  func requestPermissions() async throws {
    let speechStatus = await withCheckedContinuation { continuation in
      SFSpeechRecognizer.requestAuthorization { status in continuation.resume(returning: status) }
    }
    guard speechStatus == .authorized, SFSpeechRecognizer.authorizationStatus() == .authorized else {
      throw LectureNotesError.recognitionNotAuthorized
    }
    guard await AVAudioApplication.requestRecordPermission() else { throw LectureNotesError.microphoneDenied }
    guard AVAudioApplication.shared.recordPermission == .granted else { throw LectureNotesError.microphoneDenied }
    #if os(iOS)
      let session = AVAudioSession.sharedInstance()
      try session.setCategory(.playAndRecord, mode: .spokenAudio, options: .duckOthers)
      try session.setActive(true, options: .notifyOthersOnDeactivation)
    #endif
  }

  // MARK: Locale and assets

  /// The supported locale closest to what the user speaks (region may differ).
  static func resolveLocale(_ wanted: Locale) async throws -> Locale {
    let supported = await SpeechTranscriber.supportedLocales
    if supported.contains(where: { $0.identifier(.bcp47) == wanted.identifier(.bcp47) }) { return wanted }
    guard let equivalent = await SpeechTranscriber.supportedLocale(equivalentTo: wanted) else {
      throw LectureNotesError.localeNotSupported
    }
    return equivalent
  }

  /// Makes sure the transcriber's model is on the device, reporting progress, and reserves its
  /// locale (releasing the oldest reservation when the app has used them all).
  func ensureModel(for transcriber: SpeechTranscriber, locale: Locale) async throws {
    let modules: [any SpeechModule] = [transcriber]
    let before = await AssetInventory.status(forModules: modules)
    statusLog.append(before)
    switch before {
    case .unsupported:
      throw LectureNotesError.localeNotSupported
    case .installed:
      return
    case .supported, .downloading:
      let reserved = await AssetInventory.reservedLocales
      if !reserved.contains(where: { $0.identifier(.bcp47) == locale.identifier(.bcp47) }) {
        if reserved.count >= AssetInventory.maximumReservedLocales, let oldest = reserved.first {
          await AssetInventory.release(reservedLocale: oldest)
        }
        try await AssetInventory.reserve(locale: locale)
      }
      if let request = try await AssetInventory.assetInstallationRequest(supporting: modules) {
        let progress: Progress = request.progress
        downloadFractions.append(progress.fractionCompleted)
        try await request.downloadAndInstall()
        downloadFractions.append(request.progress.fractionCompleted)
        if !progress.isFinished { throw LectureNotesError.modelNotInstalled(locale.identifier) }
      }
    }
    let after = await AssetInventory.status(forModules: modules)
    statusLog.append(after)
    guard after == .installed else { throw LectureNotesError.modelNotInstalled(locale.identifier) }
  }

  // MARK: Live transcription

  /// Starts live transcription of the microphone in `locale`.
  func startLive(locale: Locale) async throws {
    let transcriber = SpeechTranscriber(
      locale: locale, transcriptionOptions: [], reportingOptions: [.volatileResults],
      attributeOptions: [.audioTimeRange])
    self.transcriber = transcriber
    try await ensureModel(for: transcriber, locale: locale)

    let analyzer = SpeechAnalyzer(
      modules: [transcriber], options: SpeechAnalyzer.Options(priority: .userInitiated, modelRetention: .whileInUse))
    self.analyzer = analyzer
    guard let analyzerFormat = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber]) else {
      throw LectureNotesError.noAudioFormat
    }
    try await analyzer.prepareToAnalyze(in: analyzerFormat)

    resultsTask = Task { try await self.consume(transcriber.results) }

    let (inputSequence, continuation) = AsyncStream<AnalyzerInput>.makeStream()
    inputContinuation = continuation
    try await analyzer.start(inputSequence: inputSequence)

    let inputNode = engine.inputNode
    let micFormat = inputNode.outputFormat(forBus: 0)
    guard let converter = AVAudioConverter(from: micFormat, to: analyzerFormat) else {
      throw LectureNotesError.noAudioFormat
    }
    // Live audio: no priming, so the first output frame lines up with the first input frame.
    converter.primeMethod = .none
    self.converter = converter
    inputNode.installTap(onBus: 0, bufferSize: 4096, format: micFormat) { [weak self] buffer, _ in
      self?.convertAndYield(buffer, to: analyzerFormat)
    }
    engine.prepare()
    try engine.start()
  }

  /// Converts one microphone buffer to the analyzer's format and hands it to the analyzer.
  private func convertAndYield(_ buffer: AVAudioPCMBuffer, to format: AVAudioFormat) {
    guard let converter else { return }
    let ratio = format.sampleRate / buffer.format.sampleRate
    let capacity = AVAudioFrameCount((Double(buffer.frameLength) * ratio).rounded(.up)) + 1
    guard let output = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: capacity) else { return }
    // The input block is @Sendable in the 26 SDK; the converter calls it synchronously, so the
    // captures are marked as apps mark them.
    nonisolated(unsafe) var consumed = false
    nonisolated(unsafe) let input = buffer
    var error: NSError?
    let status = converter.convert(to: output, error: &error) { _, inputStatus in
      if consumed {
        inputStatus.pointee = .noDataNow
        return nil
      }
      consumed = true
      inputStatus.pointee = .haveData
      return input
    }
    guard status != .error, error == nil, output.frameLength > 0 else { return }
    convertedBuffers += 1
    convertedFrames += AVAudioFramePosition(output.frameLength)
    inputContinuation?.yield(AnalyzerInput(buffer: output))
  }

  /// Stops the microphone and finalizes everything said so far.
  func stopLive() async throws {
    engine.inputNode.removeTap(onBus: 0)
    engine.stop()
    inputContinuation?.finish()
    try await analyzer?.finalizeAndFinishThroughEndOfInput()
    try await resultsTask?.value
  }

  /// Abandons the session (the user closed the screen).
  func cancel() async {
    engine.inputNode.removeTap(onBus: 0)
    engine.stop()
    inputContinuation?.finish()
    await analyzer?.cancelAndFinishNow()
    resultsTask?.cancel()
  }

  // MARK: Files

  /// Transcribes a recorded lecture file; returns the text and the time the audio ended.
  func transcribeFile(_ url: URL, locale: Locale) async throws -> (text: String, end: Double) {
    let transcriber = SpeechTranscriber(locale: locale, preset: .timeIndexedTranscriptionWithAlternatives)
    try await ensureModel(for: transcriber, locale: locale)
    let collecting = Task {
      var text = AttributedString()
      for try await result in transcriber.results where result.isFinal {
        assert(!result.alternatives.isEmpty)
        text += result.text
      }
      return String(text.characters)
    }
    let file = try AVAudioFile(forReading: url)
    let analyzer = SpeechAnalyzer(modules: [transcriber])
    guard let last = try await analyzer.analyzeSequence(from: file) else {
      await analyzer.cancelAndFinishNow()
      return (try await collecting.value, 0)
    }
    try await analyzer.finalizeAndFinish(through: last)
    return (try await collecting.value, CMTimeGetSeconds(last))
  }

  // MARK: Results

  private func consume<Results: AsyncSequence>(_ results: Results) async throws
  where Results.Element == SpeechTranscriber.Result {
    for try await result in results {
      if result.isFinal {
        finalized += result.text
        volatile = AttributedString()
        phrases.append(Self.phrase(from: result))
      } else {
        volatile = result.text
      }
    }
  }

  /// Merges the runs' time ranges into one phrase (the result's range when runs carry none).
  static func phrase(from result: SpeechTranscriber.Result) -> TimedPhrase {
    var start = result.range.start
    var end = result.range.end
    var sawRun = false
    for run in result.text.runs {
      guard let range = run.audioTimeRange else { continue }
      if !sawRun {
        start = range.start
        end = range.end
        sawRun = true
      } else {
        start = CMTimeMinimum(start, range.start)
        end = CMTimeMaximum(end, CMTimeRangeGetEnd(range))
      }
    }
    let text = String(result.text.characters).trimmingCharacters(in: .whitespaces)
    return TimedPhrase(text: text, start: start.seconds, end: end.seconds)
  }
}
