// The LiveTranscriber from shared/seeds/live-transcriber-blog-post.txt, assembled from the post's
// snippets in order. The only change is the import: `import AVFoundation` and `import Speech`
// became `import SpeechShim`. It is compiled in Swift 5 language mode, as the post's app was.
import SpeechShim

@Observable
@MainActor
final class LiveTranscriber {
  // Two strings on purpose. One is rewritten constantly, one is permanent.
  private(set) var volatile = AttributedString()  // the gray, live guess
  private(set) var committed = AttributedString()  // finalized text, never rewritten
  private var analyzer: SpeechAnalyzer?
  private var transcriber: SpeechTranscriber?
  private var inputBuilder: AsyncStream<AnalyzerInput>.Continuation?
  private var analyzerFormat: AVAudioFormat?
  private var resultsTask: Task<Void, Never>?
  private let engine = AVAudioEngine()
  func start(locale: Locale = .current) async throws {
    let transcriber = SpeechTranscriber(
      locale: locale,
      transcriptionOptions: [],
      reportingOptions: [.volatileResults],  // opt in to live partials
      attributeOptions: [.audioTimeRange]  // each run carries its audio span
    )
    self.transcriber = transcriber
    analyzer = SpeechAnalyzer(modules: [transcriber])
    analyzerFormat = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber])
    try await ensureModel(for: transcriber, locale: locale)  // download once, if missing
    let (stream, continuation) = AsyncStream<AnalyzerInput>.makeStream()
    inputBuilder = continuation
    resultsTask = Task {
      do {
        for try await result in transcriber.results {
          if result.isFinal {
            committed += result.text
            volatile = AttributedString()  // clear the guess
          } else {
            volatile = result.text  // replace, don't append
          }
        }
      } catch {
        // Surface to the UI; a thrown result ends the stream.
      }
    }
    try await analyzer?.start(inputSequence: stream)
    try startMic()  // installs the tap, converts buffers, yields AnalyzerInput
  }
  private func startMic() throws {
    let input = engine.inputNode
    let micFormat = input.outputFormat(forBus: 0)
    guard let analyzerFormat, let converter = AVAudioConverter(from: micFormat, to: analyzerFormat) else {
      throw TranscriberError.noUsableFormat
    }
    input.installTap(onBus: 0, bufferSize: 4096, format: micFormat) { [weak self] buffer, _ in
      guard let self, let converted = self.convert(buffer, with: converter, to: analyzerFormat) else { return }
      self.inputBuilder?.yield(AnalyzerInput(buffer: converted))
    }
    engine.prepare()
    try engine.start()
  }
  func ensureModel(for transcriber: SpeechTranscriber, locale: Locale) async throws {
    let wanted = locale.identifier(.bcp47)
    let supported = await SpeechTranscriber.supportedLocales
    guard supported.contains(where: { $0.identifier(.bcp47) == wanted }) else {
      throw TranscriberError.localeUnsupported
    }
    let installed = await SpeechTranscriber.installedLocales
    if installed.contains(where: { $0.identifier(.bcp47) == wanted }) { return }
    if let request = try await AssetInventory.assetInstallationRequest(supporting: [transcriber]) {
      try await request.downloadAndInstall()  // this is the "Preparing…" state the user sees
    }
  }
  func stop() async {
    engine.stop()
    inputBuilder?.finish()
    try? await analyzer?.finalizeAndFinishThroughEndOfInput()  // flush, then close for real
    resultsTask?.cancel()
  }
  private func convert(
    _ buffer: AVAudioPCMBuffer,
    with converter: AVAudioConverter,
    to format: AVAudioFormat
  ) -> AVAudioPCMBuffer? {
    let ratio = format.sampleRate / buffer.format.sampleRate
    let capacity = AVAudioFrameCount(Double(buffer.frameLength) * ratio) + 1024
    guard let out = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: capacity) else { return nil }
    // Xcode 26: the input block is @Sendable, so its captures are marked as apps mark them.
    nonisolated(unsafe) var supplied = false
    nonisolated(unsafe) let input = buffer
    var conversionError: NSError?
    converter.convert(to: out, error: &conversionError) { _, status in
      if supplied {
        status.pointee = .noDataNow
        return nil
      }
      supplied = true
      status.pointee = .haveData
      return input
    }
    return conversionError == nil ? out : nil
  }
}
