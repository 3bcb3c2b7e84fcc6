internal import AudioPCM

extension PCMBuffer {
  /// The address of one sample, whatever the layout.
  func samplePointer(channel: Int, frame: Int) -> UnsafeMutableRawPointer {
    let width = format.sampleType.byteCount
    if format.isInterleaved {
      return rawPlane(0) + (frame * format.channelCount + channel) * width
    }
    return rawPlane(channel) + frame * width
  }

  /// Copies the first `frames` frames into `target` (same format) starting at frame `offset`.
  func copyFrames(_ frames: Int, into target: PCMBuffer, at offset: Int) {
    guard frames > 0 else { return }
    let width = format.sampleType.byteCount
    if format.isInterleaved {
      let bytesPerFrame = width * format.channelCount
      (target.rawPlane(0) + offset * bytesPerFrame).copyMemory(from: rawPlane(0), byteCount: frames * bytesPerFrame)
    } else {
      for plane in 0..<format.channelCount {
        (target.rawPlane(plane) + offset * width).copyMemory(from: rawPlane(plane), byteCount: frames * width)
      }
    }
  }
}
