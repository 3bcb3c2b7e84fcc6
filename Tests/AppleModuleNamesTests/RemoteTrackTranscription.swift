// App code in Apple's names, as a VoIP quickstart adds captions of the far end: the remote track's
// render sink hands it PCM buffers already at 16 kHz Int16 mono, which it wraps in `AnalyzerInput`
// without converting. Optional tuple state filled from `makeStream()`, `for try await case let`
// over the results, the UI updated through `DispatchQueue.main.async()`, the model ensured by
// comparing BCP-47 identifiers of `Set(installedLocales)`. AppCodeSweep2Tests runs it.
import AVFoundation
import Foundation
import Speech

/// Captions of the remote participant of a call.
@available(iOS 26.0, macOS 26.0, *)
final class RemoteTrackTranscription: @unchecked Sendable {
  // @unchecked: the call's audio thread reaches only `inputBuilder`; the label state is written on
  // the main queue.
  var speechTranscriber: SpeechTranscriber?
  var speechAnalyzer: SpeechAnalyzer?
  var analyzerFormat: AVAudioFormat?
  var inputSequence: AsyncStream<AnalyzerInput>?
  var inputBuilder: AsyncStream<AnalyzerInput>.Continuation?
  var recognizerTask: Task<Void, Never>?
  /// What the caption label shows, and whether it is visible.
  private(set) var labelText = ""
  private(set) var labelHidden = true
  private(set) var finals: [String] = []
  private(set) var labelUpdates = 0

  func setUpTranscriber(locale: Locale) async throws {
    speechTranscriber = SpeechTranscriber(
      locale: locale, transcriptionOptions: [], reportingOptions: [.volatileResults],
      attributeOptions: [.audioTimeRange])
    guard let speechTranscriber else { throw NSError(domain: "RemoteCaptions", code: 1, userInfo: nil) }
    speechAnalyzer = SpeechAnalyzer(modules: [speechTranscriber])
    analyzerFormat = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [speechTranscriber])
    try await ensureModel(transcriber: speechTranscriber, locale: locale)
    (inputSequence, inputBuilder) = AsyncStream<AnalyzerInput>.makeStream()
    guard let inputSequence else { return }
    try await speechAnalyzer?.start(inputSequence: inputSequence)
    recognizerTask = Task {
      do {
        for try await case let result in speechTranscriber.results {
          let text = result.text
          if result.isFinal {
            DispatchQueue.main.async { self.finals.append(String(text.characters)) }
          } else {
            DispatchQueue.main.async {
              self.labelHidden = false
              self.labelText = String(text.characters)
              self.labelUpdates += 1
            }
          }
        }
      } catch {
        DispatchQueue.main.async { self.labelText = "failed: \(error)" }
      }
    }
  }

  /// The remote track's sink: one rendered buffer.
  func transcribe(buffer: AVAudioPCMBuffer?, format: AVAudioFormat?) async {
    guard let inputBuilder, let buffer else { return }
    inputBuilder.yield(AnalyzerInput(buffer: buffer))
  }

  func stopTranscribing() async throws {
    inputBuilder?.finish()
    try await speechAnalyzer?.finalizeAndFinishThroughEndOfInput()
    recognizerTask?.cancel()
    recognizerTask = nil
    DispatchQueue.main.async { self.labelHidden = true }
  }

  private func ensureModel(transcriber: SpeechTranscriber, locale: Locale) async throws {
    guard await supported(locale: locale) else { throw NSError(domain: "RemoteCaptions", code: 2) }
    if await installed(locale: locale) { return }
    if let downloader = try await AssetInventory.assetInstallationRequest(supporting: [transcriber]) {
      try await downloader.downloadAndInstall()
    }
  }

  private func supported(locale: Locale) async -> Bool {
    let supported = await SpeechTranscriber.supportedLocales
    return supported.map { $0.identifier(.bcp47) }.contains(locale.identifier(.bcp47))
  }

  private func installed(locale: Locale) async -> Bool {
    let installed = await Set(SpeechTranscriber.installedLocales)
    return installed.map { $0.identifier(.bcp47) }.contains(locale.identifier(.bcp47))
  }
}
