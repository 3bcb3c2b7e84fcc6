import AVFAudioTwin
import Foundation

/// Reads a file in buffers and converts them, one input at a time (the stream's unfolding state).
@available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
final class AssetTrackReader: @unchecked Sendable {
  // @unchecked: the stream calls `next()` one call at a time.
  private let url: URL
  private let converter: AnalyzerInputConverter
  private var file: AVAudioFile?
  private var ready: [AnalyzerInput] = []
  private var ended = false

  init(url: URL, analyzerFormat: AVAudioFormat) {
    self.url = url
    self.converter = AnalyzerInputConverter(analyzerFormat: analyzerFormat)
  }

  func next() throws -> AnalyzerInput? {
    while ready.isEmpty && !ended { try readMore() }
    return ready.isEmpty ? nil : ready.removeFirst()
  }

  private func readMore() throws {
    let file = try self.file ?? AVAudioFile(forReading: url)
    self.file = file
    guard let buffer = AVAudioPCMBuffer(pcmFormat: file.processingFormat, frameCapacity: 8_192) else {
      ended = true
      return
    }
    try file.read(into: buffer)
    if buffer.frameLength == 0 {
      ended = true
      ready += try converter.flush()
      file.close()
    } else {
      ready += try converter.convert(buffer, at: nil)
    }
  }
}
