// App code in Apple's names for the 27 SDK's sample-buffer input: an AVAssetReader reads a file's
// audio already in the analyzer's format (output settings), each sample buffer becomes a
// CMReadySampleBuffer and goes to the analyzer as AnalyzerInput(buffer:), its start time the
// sample buffer's presentation timestamp. SDK27AppCodeTests runs it.
import AVFoundation
import CoreMedia
import Speech

/// Transcribes a media file by handing its sample buffers to the analyzer as ready sample buffers.
@available(iOS 27, macOS 27, *)
struct ReadySampleBufferTranscription {
  let locale: Locale

  /// Returns the transcript, the inputs' start times in seconds, and how many frames they carried.
  func transcribe(_ url: URL) async throws -> (text: String, starts: [Double], frames: Int) {
    let asset = AVURLAsset(url: url)
    guard let track = try await asset.loadTracks(withMediaType: .audio).first else {
      throw SampleBufferFeedError.noAudioTrack
    }
    let transcriber = SpeechTranscriber(locale: locale, preset: .transcription)
    guard let analyzerFormat = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber]) else {
      throw SFSpeechError(.noModel)
    }
    let reader = try AVAssetReader(asset: asset)
    // The analyzer never converts: ask the reader for the analyzer's format.
    let output = AVAssetReaderTrackOutput(track: track, outputSettings: analyzerFormat.settings)
    guard reader.canAdd(output) else { throw SampleBufferFeedError.cannotRead }
    reader.add(output)
    guard reader.startReading() else { throw reader.error ?? SampleBufferFeedError.cannotRead }

    let text = Task {
      try await transcriber.results.reduce(into: "") { text, result in text += String(result.text.characters) }
    }
    var inputs: [AnalyzerInput] = []
    while let sampleBuffer = output.copyNextSampleBuffer() {
      let ready = CMReadySampleBuffer(unsafeWithDataBuffer: sampleBuffer)
      inputs.append(AnalyzerInput(buffer: ready))
    }
    let starts = inputs.map { $0.bufferStartTime?.seconds ?? -1 }
    let frames = inputs.reduce(0) { $0 + Int($1.bufferDuration.value) }
    let analyzer = SpeechAnalyzer(modules: [transcriber])
    let stream = AsyncStream<AnalyzerInput> { continuation in
      for input in inputs { continuation.yield(input) }
      continuation.finish()
    }
    if let end = try await analyzer.analyzeSequence(stream) {
      try await analyzer.finalizeAndFinish(through: end)
    } else {
      await analyzer.cancelAndFinishNow()
    }
    return (try await text.value, starts, frames)
  }
}
