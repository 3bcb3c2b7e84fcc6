// App code in Apple's names for audio that arrives as CMSampleBuffers (AVCaptureAudioDataOutput,
// ScreenCaptureKit, AVAssetReader): each sample buffer becomes an AVAudioPCMBuffer through
// AVAudioFormat(cmAudioFormatDescription:) and CMSampleBufferCopyPCMDataIntoAudioBufferList, is
// converted to the analyzer's format and analysed. AppCodeSweepTests runs it.
import AVFoundation
import CoreMedia
import Speech

/// Errors of the sample-buffer feed.
enum SampleBufferFeedError: Error, Equatable {
  case noAudioTrack
  case cannotRead
  case copyFailed(OSStatus)
}

/// Copies a sample buffer's PCM into a new `AVAudioPCMBuffer` in the sample buffer's own format.
func pcmBuffer(copying sampleBuffer: CMSampleBuffer) throws -> AVAudioPCMBuffer? {
  guard sampleBuffer.isValid, CMSampleBufferDataIsReady(sampleBuffer),
    let description = CMSampleBufferGetFormatDescription(sampleBuffer)
  else { return nil }
  let format = AVAudioFormat(cmAudioFormatDescription: description)
  let frames = AVAudioFrameCount(CMSampleBufferGetNumSamples(sampleBuffer))
  guard frames > 0, let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: frames) else { return nil }
  buffer.frameLength = frames
  let status = CMSampleBufferCopyPCMDataIntoAudioBufferList(
    sampleBuffer, at: 0, frameCount: Int32(frames), into: buffer.mutableAudioBufferList)
  guard status == noErr else { throw SampleBufferFeedError.copyFailed(status) }
  return buffer
}

/// Transcribes a media file read as sample buffers, the way a "transcribe this video" feature does.
@available(iOS 26.0, macOS 26.0, *)
struct SampleBufferTranscription {
  let locale: Locale

  /// Returns the transcript, how many sample buffers were read, and the format they came in.
  func transcribe(_ url: URL) async throws -> (text: String, sampleBuffers: Int, sourceRate: Double) {
    let asset = AVURLAsset(url: url)
    guard let track = try await asset.loadTracks(withMediaType: .audio).first else {
      throw SampleBufferFeedError.noAudioTrack
    }
    let reader = try AVAssetReader(asset: asset)
    let output = AVAssetReaderTrackOutput(track: track, outputSettings: nil)
    output.alwaysCopiesSampleData = false
    guard reader.canAdd(output) else { throw SampleBufferFeedError.cannotRead }
    reader.add(output)
    guard reader.startReading() else { throw reader.error ?? SampleBufferFeedError.cannotRead }

    let transcriber = SpeechTranscriber(locale: locale, preset: .transcription)
    guard let analyzerFormat = await SpeechAnalyzer.bestAvailableAudioFormat(compatibleWith: [transcriber]) else {
      throw SFSpeechError(.noModel)
    }
    let text = Task {
      try await transcriber.results.reduce(into: "") { text, result in text += String(result.text.characters) }
    }

    // Read, copy and convert everything into inputs first; the analyzer consumes them in order.
    var inputs: [AnalyzerInput] = []
    var converter: AVAudioConverter?
    var count = 0
    var sourceRate = 0.0
    while let sampleBuffer = output.copyNextSampleBuffer() {
      count += 1
      guard let source = try pcmBuffer(copying: sampleBuffer) else { continue }
      sourceRate = source.format.sampleRate
      if converter == nil { converter = AVAudioConverter(from: source.format, to: analyzerFormat) }
      guard let converter else { throw SFSpeechError(.unexpectedAudioFormat) }
      let capacity = AVAudioFrameCount(Double(source.frameLength) * analyzerFormat.sampleRate / sourceRate) + 64
      guard let converted = AVAudioPCMBuffer(pcmFormat: analyzerFormat, frameCapacity: capacity) else { continue }
      // convert(to:from:) does not change sample rates; the input-block form does.
      nonisolated(unsafe) var given = false
      nonisolated(unsafe) let input = source
      var error: NSError?
      converter.convert(to: converted, error: &error) { _, status in
        defer { given = true }
        status.pointee = given ? .noDataNow : .haveData
        return given ? nil : input
      }
      if let error { throw error }
      if converted.frameLength > 0 { inputs.append(AnalyzerInput(buffer: converted)) }
    }
    // Drain what the resampler still holds.
    if let converter, let tail = AVAudioPCMBuffer(pcmFormat: analyzerFormat, frameCapacity: 1_024) {
      var error: NSError?
      converter.convert(to: tail, error: &error) { _, status in
        status.pointee = .endOfStream
        return nil
      }
      if tail.frameLength > 0 { inputs.append(AnalyzerInput(buffer: tail)) }
    }
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
    return (try await text.value, count, sourceRate)
  }
}
