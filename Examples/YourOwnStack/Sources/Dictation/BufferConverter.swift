import SpeechShim

/// Converts tap buffers to the analyzer's format with one `AVAudioConverter` kept across buffers
/// (a new one per buffer would restart its filter and click at every boundary).
final class BufferConverter: @unchecked Sendable {
  // @unchecked: used only from the audio thread's tap block, one buffer at a time.
  private let converter: AVAudioConverter

  init(_ converter: AVAudioConverter) { self.converter = converter }

  /// The buffer in the output format, or nil when nothing came out (or conversion failed).
  func convert(_ buffer: AVAudioPCMBuffer) -> AVAudioPCMBuffer? {
    let ratio = converter.outputFormat.sampleRate / buffer.format.sampleRate
    // Room for what this buffer converts to, plus what the converter may still hold from before.
    let capacity = AVAudioFrameCount((Double(buffer.frameLength) * ratio).rounded(.up)) + 512
    guard let output = AVAudioPCMBuffer(pcmFormat: converter.outputFormat, frameCapacity: capacity) else { return nil }
    var handedOver = false
    var error: NSError?
    converter.convert(to: output, error: &error) { _, status in
      if handedOver {
        status.pointee = .noDataNow  // not .endOfStream: the converter keeps its state for the next buffer
        return nil
      }
      handedOver = true
      status.pointee = .haveData
      return buffer
    }
    guard error == nil, output.frameLength > 0 else { return nil }
    return output
  }
}
