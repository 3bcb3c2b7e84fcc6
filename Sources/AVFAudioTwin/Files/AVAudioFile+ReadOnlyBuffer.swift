extension AVAudioFile {
  /// Reads up to `frameCount` frames from ``framePosition`` into a new read-only buffer in
  /// ``processingFormat`` (27.0). At the end of the file the buffer is empty (`frameLength` 0),
  /// as ``read(into:)`` leaves its buffer; nothing is thrown.
  /// - Parameter frameCount: The most frames to read.
  /// - Returns: The frames read.
  /// - Throws: `NSError` as ``read(into:)`` does (a closed file, a file open for writing, damage).
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public func read(frameCount: AVAudioFrameCount) throws -> AVReadOnlyAudioPCMBuffer {
    guard let buffer = AVAudioPCMBuffer(pcmFormat: processingFormat, frameCapacity: frameCount) else {
      throw Self.error(
        code: AVAudioFileErrorCode.parameter, path: url.path,
        "\(frameCount) frames of \(processingFormat) do not fit in one buffer; read fewer frames at a time")
    }
    try read(into: buffer, frameCount: frameCount)
    return AVReadOnlyAudioPCMBuffer(unsafeRetaining: buffer)
  }
}
