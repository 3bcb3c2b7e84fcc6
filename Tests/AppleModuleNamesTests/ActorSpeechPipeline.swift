// App code in Apple's names, as a Swift package wraps SpeechAnalyzer in actors: the tap copies the
// first channel's floats into `Data` and hands them to an actor in a `Task`, the actor rebuilds a
// buffer, writes it to a recording made from the input node's `settings`, converts it with a
// converter whose input block returns the same buffer without setting the status, and yields it.
// Permissions through `SFSpeechRecognizer.authorizationStatus()` and `AVCaptureDevice`, pause and
// resume of the engine, the legacy recognizer's `supportedLocales()`. AppCodeSweep2Tests runs it.
@preconcurrency import AVFoundation
import Speech

/// A result as the package hands it to its client.
struct PipelineResult: Equatable, Sendable {
  var text: String
  var isPartial: Bool
}

/// The package's converter: one call per buffer, the input block always offering that buffer.
final class OneShotBufferConverter: @unchecked Sendable {
  // @unchecked: used only inside the pipeline actor.
  enum Failure: Error {
    case noConverter
    case noBuffer
    case conversionFailed(NSError?)
  }

  private var converter: AVAudioConverter?

  func convert(_ buffer: AVAudioPCMBuffer, to format: AVAudioFormat) throws -> AVAudioPCMBuffer {
    guard buffer.format != format else { return buffer }
    if converter == nil || converter?.outputFormat != format {
      converter = AVAudioConverter(from: buffer.format, to: format)
      converter?.primeMethod = .none
    }
    guard let converter else { throw Failure.noConverter }
    let ratio = converter.outputFormat.sampleRate / converter.inputFormat.sampleRate
    let capacity = AVAudioFrameCount((Double(buffer.frameLength) * ratio).rounded(.up))
    guard let output = AVAudioPCMBuffer(pcmFormat: converter.outputFormat, frameCapacity: capacity) else {
      throw Failure.noBuffer
    }
    var error: NSError?
    let status = converter.convert(to: output, error: &error, withInputFrom: { _, _ in buffer })
    guard status != .error else { throw Failure.conversionFailed(error) }
    return output
  }
}

/// The package's analyzer actor.
@available(iOS 26.0, macOS 26.0, *)
actor PipelineAnalyzer {
  enum Failure: Error { case permissionDenied, unsupportedLanguage, notConfigured }

  private let (stream, continuation) = AsyncStream.makeStream(of: PipelineResult.self)
  private var analyzer: SpeechAnalyzer?
  private var transcriber: SpeechTranscriber?
  private var inputBuilder: AsyncStream<AnalyzerInput>.Continuation?
  private var recognizerTask: Task<Void, any Error>?
  private let converter = OneShotBufferConverter()
  private(set) var convertedFrames: AVAudioFrameCount = 0

  nonisolated var results: AsyncStream<PipelineResult> { stream }

  func configure(locale: Locale, partials: Bool) async throws {
    switch SFSpeechRecognizer.authorizationStatus() {
    case .notDetermined:
      let granted = await withCheckedContinuation { continuation in
        SFSpeechRecognizer.requestAuthorization { continuation.resume(returning: $0 == .authorized) }
      }
      if !granted { throw Failure.permissionDenied }
    case .denied, .restricted: throw Failure.permissionDenied
    case .authorized: break
    @unknown default: throw Failure.permissionDenied
    }
    let supported = await SpeechTranscriber.supportedLocales.map { $0.identifier(.bcp47) }
    guard supported.contains(locale.identifier(.bcp47)) else { throw Failure.unsupportedLanguage }
    let transcriber = SpeechTranscriber(
      locale: locale, transcriptionOptions: [], reportingOptions: partials ? [.volatileResults] : [],
      attributeOptions: [])
    if let downloader = try await AssetInventory.assetInstallationRequest(supporting: [transcriber]) {
      try await downloader.downloadAndInstall()
    }
    self.transcriber = transcriber
    analyzer = SpeechAnalyzer(modules: [transcriber])
  }

  func start() async throws {
    guard let analyzer, let transcriber else { throw Failure.notConfigured }
    let (inputSequence, builder) = AsyncStream<AnalyzerInput>.makeStream()
    inputBuilder = builder
    try await analyzer.start(inputSequence: inputSequence)
    let continuation = continuation
    recognizerTask = Task {
      for try await result in transcriber.results {
        continuation.yield(PipelineResult(text: String(result.text.characters), isPartial: !result.isFinal))
      }
    }
  }

  /// Converts one buffer to the analyzer's best format and yields it.
  func process(_ buffer: AVAudioPCMBuffer) async throws {
    guard let inputBuilder, let transcriber,
      let format = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber])
    else { throw Failure.notConfigured }
    let converted = try converter.convert(buffer, to: format)
    convertedFrames += converted.frameLength
    inputBuilder.yield(AnalyzerInput(buffer: converted))
  }

  func finish() async throws {
    inputBuilder?.finish()
    try await analyzer?.finalizeAndFinishThroughEndOfInput()
    _ = try? await recognizerTask?.value
    continuation.finish()
  }
}

/// The package's audio actor: microphone in, recording and analyzer out.
@available(iOS 26.0, macOS 26.0, *)
actor PipelineRecorder {
  private let engine = AVAudioEngine()
  private var recording: AVAudioFile?
  private var analyzer: PipelineAnalyzer?
  private(set) var isRecording = false
  private(set) var pending: [Task<Void, Never>] = []

  var inputFormat: AVAudioFormat { engine.inputNode.outputFormat(forBus: 0) }

  func microphoneAllowed() async -> Bool {
    switch AVCaptureDevice.authorizationStatus(for: .audio) {
    case .authorized: return true
    case .notDetermined: return await AVCaptureDevice.requestAccess(for: .audio)
    default: return false
    }
  }

  func start(into analyzer: PipelineAnalyzer, recordingTo url: URL) throws {
    guard !isRecording else { return }
    self.analyzer = analyzer
    let session = AVAudioSession.sharedInstance()
    try session.setCategory(.playAndRecord, mode: .spokenAudio)
    try session.setActive(true, options: .notifyOthersOnDeactivation)
    recording = try AVAudioFile(forWriting: url, settings: engine.inputNode.inputFormat(forBus: 0).settings)
    engine.inputNode.removeTap(onBus: 0)
    engine.inputNode.installTap(onBus: 0, bufferSize: 4096, format: engine.inputNode.outputFormat(forBus: 0)) {
      [weak self] buffer, _ in
      guard let self, buffer.frameLength > 0, let channels = buffer.floatChannelData else { return }
      let frames = buffer.frameLength
      let format = buffer.format
      let data = Data(bytes: channels[0], count: Int(frames) * MemoryLayout<Float>.size)
      let task = Task { await self.process(data, frames: frames, format: format) }
      Task { await self.keep(task) }
    }
    engine.prepare()
    try engine.start()
    isRecording = true
  }

  private func keep(_ task: Task<Void, Never>) { pending.append(task) }

  private func process(_ data: Data, frames: AVAudioFrameCount, format: AVAudioFormat) async {
    guard let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: frames) else { return }
    buffer.frameLength = frames
    data.withUnsafeBytes { bytes in
      let floats = bytes.bindMemory(to: Float.self)
      buffer.floatChannelData![0].update(from: floats.baseAddress!, count: Int(frames))
    }
    do {
      try recording?.write(from: buffer)
      try await analyzer?.process(buffer)
    } catch {}
  }

  func pause() { if isRecording { engine.pause() } }
  func resume() throws { if isRecording { try engine.start() } }

  func stop() async {
    guard isRecording else { return }
    engine.stop()
    engine.inputNode.removeTap(onBus: 0)
    for task in pending { await task.value }
    recording = nil
    isRecording = false
  }

  /// The legacy path's language list, as the package maps it for older systems.
  static func legacyLanguages() -> [String] {
    SFSpeechRecognizer.supportedLocales().map { $0.identifier }.sorted()
  }

  static func legacyAvailable(_ locale: Locale) -> Bool {
    SFSpeechRecognizer(locale: locale)?.isAvailable ?? false
  }
}
