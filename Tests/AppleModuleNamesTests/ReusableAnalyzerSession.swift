// App code in Apple's names, as a SwiftUI demo keeps one analyzer for its whole life: it checks
// `isAvailable`, resolves an equivalent locale, reserves it, builds the transcriber from a preset's
// parts plus alternatives and confidence, creates the analyzer with options and prepares it, then
// transcribes a file (`analyzeSequence(from:)` + `finalize(through:)`) and afterwards the live
// stream on the same analyzer, finalizing between sessions instead of finishing. At the end it
// cancels and releases the reservation. AppCodeSweep2Tests runs it on the simulated device.
import AVFoundation
import CoreMedia
import Speech

/// What the demo's screens show: the finalized text (with its confidence) and the volatile tail.
@available(iOS 26.0, macOS 26.0, *)
final class ReusableAnalyzerSession: @unchecked Sendable {
  // @unchecked: the demo drives it from one task; the tap reaches only the continuation.
  enum Failure: Error, Equatable {
    case notAvailable
    case localeNotSupported
    case converterCreationFailed
  }

  static let defaultLocale = Locale(languageCode: .english, script: nil, languageRegion: .unitedStates)

  let locale: Locale
  let transcriptionResults: any AsyncSequence<SpeechTranscriber.Result, any Error>
  private let analyzer: SpeechAnalyzer
  private let transcriber: SpeechTranscriber
  private var analyzerFormat: AVAudioFormat?
  private var inputStream: AsyncStream<AnalyzerInput>?
  private var inputContinuation: AsyncStream<AnalyzerInput>.Continuation?
  private var converter: AVAudioConverter?
  private(set) var finalizedTranscript: AttributedString = ""
  private(set) var volatileTranscript: AttributedString = ""
  private(set) var alternativesSeen = 0
  private(set) var reservedOnOpen = false
  private var resultsTask: Task<Void, any Error>?

  init(locale: Locale = ReusableAnalyzerSession.defaultLocale) async throws {
    guard SpeechTranscriber.isAvailable else { throw Failure.notAvailable }
    guard let resolved = await SpeechTranscriber.supportedLocale(equivalentTo: locale) else {
      throw Failure.localeNotSupported
    }
    self.locale = resolved
    reservedOnOpen = try await AssetInventory.reserve(locale: resolved)
    let preset = SpeechTranscriber.Preset.timeIndexedProgressiveTranscription
    transcriber = SpeechTranscriber(
      locale: resolved, transcriptionOptions: preset.transcriptionOptions,
      reportingOptions: preset.reportingOptions.union([.alternativeTranscriptions]),
      attributeOptions: preset.attributeOptions.union([.transcriptionConfidence]))
    transcriptionResults = transcriber.results
    analyzer = SpeechAnalyzer(
      modules: [transcriber], options: .init(priority: .userInitiated, modelRetention: .processLifetime))
    analyzerFormat = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber])
    try await analyzer.prepareToAnalyze(in: analyzerFormat, withProgressReadyHandler: nil)
    let installed = await SpeechTranscriber.installedLocales.contains(resolved)
    if !installed, let request = try await AssetInventory.assetInstallationRequest(supporting: [transcriber]) {
      try await request.downloadAndInstall()
    }
    listen()
  }

  private func listen() {
    resultsTask = Task {
      for try await result in transcriptionResults {
        let text = result.text
        if result.isFinal {
          let previous = finalizedTranscript.transcriptionConfidence
          finalizedTranscript.append(text)
          finalizedTranscript.transcriptionConfidence = text.transcriptionConfidence ?? previous
          volatileTranscript = ""
          alternativesSeen += result.alternatives.count
        } else {
          volatileTranscript = text
        }
      }
    }
  }

  /// Transcribes a whole file on the shared analyzer, keeping the analyzer open afterwards.
  func transcribeFile(_ url: URL) async throws {
    try await finalizePrevious()
    let file = try AVAudioFile(forReading: url)
    let lastSample = try await analyzer.analyzeSequence(from: file)
    try await analyzer.finalize(through: lastSample)
  }

  /// Starts a live session on the same analyzer.
  func startLive() async throws {
    try await finalizePrevious()
    (inputStream, inputContinuation) = AsyncStream<AnalyzerInput>.makeStream()
    try await analyzer.start(inputSequence: inputStream!)
  }

  /// Converts one captured buffer to the analyzer's format and feeds it.
  func stream(_ buffer: AVAudioPCMBuffer) {
    var converted = buffer
    do { converted = try convert(buffer, to: analyzerFormat ?? buffer.format) } catch {}
    inputContinuation?.yield(AnalyzerInput(buffer: converted))
  }

  private func convert(_ buffer: AVAudioPCMBuffer, to format: AVAudioFormat) throws -> AVAudioPCMBuffer {
    guard buffer.format != format else { return buffer }
    if converter == nil || converter?.outputFormat != format {
      converter = AVAudioConverter(from: buffer.format, to: format)
      converter?.primeMethod = .none
    }
    guard let converter else { throw Failure.converterCreationFailed }
    let ratio = converter.outputFormat.sampleRate / converter.inputFormat.sampleRate
    let capacity = AVAudioFrameCount((Double(buffer.frameLength) * ratio).rounded(.up))
    guard let output = AVAudioPCMBuffer(pcmFormat: converter.outputFormat, frameCapacity: capacity) else {
      throw Failure.converterCreationFailed
    }
    // The input block is @Sendable in the 26 SDK; the converter calls it synchronously.
    nonisolated(unsafe) var handedOver = false
    nonisolated(unsafe) let buffer = buffer
    var error: NSError?
    let status = converter.convert(to: output, error: &error) { _, inputStatus in
      defer { handedOver = true }
      inputStatus.pointee = handedOver ? .noDataNow : .haveData
      return handedOver ? nil : buffer
    }
    if status == .error, let error { throw error }
    return output
  }

  /// Ends the current input and finalizes what the analyzer has taken, leaving it reusable.
  func finalizePrevious() async throws {
    inputContinuation?.finish()
    inputStream = nil
    inputContinuation = nil
    try await analyzer.finalize(through: nil)
  }

  /// Tears the session down for good and gives the reservation back.
  func close() async -> Bool {
    inputContinuation?.finish()
    await analyzer.cancelAndFinishNow()
    _ = try? await resultsTask?.value
    return await AssetInventory.release(reservedLocale: locale)
  }
}
