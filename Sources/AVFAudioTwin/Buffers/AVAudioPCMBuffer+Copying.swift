package import AudioPCM

extension AVAudioPCMBuffer {
  /// A new buffer with a copy of `source`'s valid frames in its format (27.0); its capacity is
  /// the source's length.
  /// - Parameter source: The buffer to copy.
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public convenience init(copying source: AVAudioPCMBuffer) {
    self.init(adopting: source.storage.copiedValidFrames(), format: source.format)
  }

  /// A new mutable buffer with a copy of a read-only buffer's frames: how an app gets a buffer it
  /// can hand to APIs that take `AVAudioPCMBuffer` from the 27 tap.
  /// - Parameter source: The read-only buffer to copy.
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public convenience init(copying source: AVReadOnlyAudioPCMBuffer) {
    self.init(adopting: source.storage.copiedValidFrames(), format: source.format)
  }

  /// Calls `body` with the buffer's audio as a Core Audio buffer list (27.0).
  /// - Parameter body: Reads the list.
  /// - Returns: What `body` returns.
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public func withUnsafeAudioBufferList<R>(_ body: (UnsafePointer<AudioBufferList>) throws -> R) rethrows -> R {
    try body(audioBufferList)
  }
}

extension PCMBuffer {
  /// A buffer of exactly the valid frames, copied.
  package func copiedValidFrames() -> PCMBuffer {
    let copy = PCMBuffer(format: format, frameCapacity: frameLength)
    copyFrames(frameLength, into: copy, at: 0)
    copy.frameLength = frameLength
    return copy
  }
}
