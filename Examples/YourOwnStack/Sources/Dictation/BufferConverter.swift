import SpeechShim

/// Converts tap buffers to the analyzer's format with one `AVAudioConverter` kept across buffers
/// (a new one per buffer would restart its filter and click at every boundary).
final class BufferConverter: @unchecked Sendable {
  // @unchecked: used only from the audio thread's tap block, one buffer at a time.
  private let converter: AVAudioConverter

  init(_ converter: AVAudioConverter) { self.converter = converter }

  /// The format it converts from: the tap's, the hardware format when the tap was installed.
  var inputFormat: AVAudioFormat { converter.inputFormat }

  /// The buffer in the output format, or nil when nothing came out.
  /// - Throws: The converter's error when it returned `.error`: this buffer's audio is lost, so the
  ///   recording must not go on as if it had been heard.
  func convert(_ buffer: AVAudioPCMBuffer) throws -> AVAudioPCMBuffer? {
    let ratio = converter.outputFormat.sampleRate / buffer.format.sampleRate
    // Room for what this buffer converts to, plus what the converter may still hold from before.
    let capacity = AVAudioFrameCount((Double(buffer.frameLength) * ratio).rounded(.up)) + 512
    guard let output = AVAudioPCMBuffer(pcmFormat: converter.outputFormat, frameCapacity: capacity) else { return nil }
    // The input block is @Sendable (Xcode 26's NS_SWIFT_SENDABLE); the converter calls it inside
    // convert, on this thread, so the captures are marked rather than locked.
    nonisolated(unsafe) var handedOver = false
    nonisolated(unsafe) let input = buffer
    var error: NSError?
    let status = converter.convert(to: output, error: &error) { _, status in
      if handedOver {
        status.pointee = .noDataNow  // not .endOfStream: the converter keeps its state for the next buffer
        return nil
      }
      handedOver = true
      status.pointee = .haveData
      return input
    }
    if status == .error { throw error ?? DictationError("the audio converter reported an error") }
    guard output.frameLength > 0 else { return nil }
    return output
  }

  /// The audio the converter still holds (its filter's look-ahead, a few milliseconds), given up
  /// with `.endOfStream` once the tap is removed; nil when there is none. The converter is ended
  /// afterwards. Without this the end of the last word before a stop never reaches the analyzer.
  /// A converter error gives nil, as no audio (``flush()`` reports it).
  func drain() -> AVAudioPCMBuffer? { try? flush() }

  /// ``drain()``, reporting the converter's error.
  /// - Throws: The converter's error when it returned `.error`: the audio it held is lost.
  func flush() throws -> AVAudioPCMBuffer? {
    guard let output = AVAudioPCMBuffer(pcmFormat: converter.outputFormat, frameCapacity: 8192) else { return nil }
    var error: NSError?
    let status = converter.convert(to: output, error: &error) { _, status in
      status.pointee = .endOfStream
      return nil
    }
    if status == .error || error != nil { throw error ?? DictationError("the audio converter reported an error") }
    guard output.frameLength > 0 else { return nil }
    return output
  }
}
