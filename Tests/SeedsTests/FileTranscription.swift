// The file-transcription function from Apple's WWDC25 session 277 (shared/seeds/wwdc25-277-transcript.txt,
// "Code Samples"), wrapped in the function the session describes. Two changes: the import (to
// SpeechShim), and the preset `.offlineTranscription`, an early-beta name that Apple's release SDKs
// do not have (speech-api.md pitfall 28) — the released equivalent is `.transcription`.
import SpeechShim

func transcribe(file: AVAudioFile, locale: Locale) async throws -> AttributedString {
  // Set up transcriber. Read results asynchronously, and concatenate them together.
  let transcriber = SpeechTranscriber(locale: locale, preset: .transcription)
  async let transcriptionFuture = try transcriber.results
    .reduce("") { str, result in str + result.text }
  let analyzer = SpeechAnalyzer(modules: [transcriber])
  if let lastSample = try await analyzer.analyzeSequence(from: file) {
    try await analyzer.finalizeAndFinish(through: lastSample)
  } else {
    await analyzer.cancelAndFinishNow()
  }
  return try await transcriptionFuture
}
