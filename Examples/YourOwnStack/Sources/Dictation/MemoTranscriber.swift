import SpeechShim

/// Transcribes a recorded voice memo (WWDC25 session 277's file pattern): the whole file through
/// `analyzeSequence(from:)`, then `finalizeAndFinish(through:)` its last sample.
@MainActor
public final class MemoTranscriber {
  /// The memo's text so far.
  public private(set) var transcript = ""
  /// Whether the file is being read.
  public private(set) var isTranscribing = false
  /// What went wrong, for the screen.
  public private(set) var errorMessage: String?
  /// Called after every change.
  public var onChange: (@MainActor () -> Void)?

  private let locale: Locale

  /// Creates a transcriber for memos in `locale`.
  public init(locale: Locale) { self.locale = locale }

  /// Transcribes the file at `url`.
  public func transcribe(fileAt url: URL) async {
    guard !isTranscribing else { return }
    isTranscribing = true
    errorMessage = nil
    onChange?()
    defer {
      isTranscribing = false
      onChange?()
    }
    guard let supported = await SpeechTranscriber.supportedLocale(equivalentTo: locale) else {
      errorMessage = "Memos in \(locale.identifier) can't be transcribed on this device."
      return
    }
    let transcriber = SpeechTranscriber(locale: supported, preset: .transcription)
    do {
      if let request = try await AssetInventory.assetInstallationRequest(supporting: [transcriber]) {
        try await request.downloadAndInstall()
      }
      let analyzer = SpeechAnalyzer(modules: [transcriber])
      let reader = Task { [weak self] in
        for try await result in transcriber.results where result.isFinal { self?.append(String(result.text.characters)) }
      }
      let file = try AVAudioFile(forReading: url)
      if let lastSample = try await analyzer.analyzeSequence(from: file) {
        try await analyzer.finalizeAndFinish(through: lastSample)
      } else {
        await analyzer.cancelAndFinishNow()
      }
      try await reader.value
    } catch {
      errorMessage = "The memo couldn't be transcribed: \(error.localizedDescription)"
    }
  }

  private func append(_ text: String) {
    let words = text.trimmingCharacters(in: .whitespaces)
    guard !words.isEmpty else { return }
    transcript += transcript.isEmpty ? words : " " + words
    onChange?()
  }
}
