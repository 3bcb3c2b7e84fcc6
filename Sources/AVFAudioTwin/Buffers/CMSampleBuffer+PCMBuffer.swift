public import CoreMediaTwin

extension CMSampleBuffer {
  /// The sample buffer's frames in a new PCM buffer of its own format, or nil when they cannot be
  /// read (invalidated, data not ready, no samples, or not linear PCM the twin holds).
  package func pcmBufferCopy() -> AVAudioPCMBuffer? {
    guard isValid, dataReadiness, numSamples > 0,
      var asbd = formatDescription?.audioStreamBasicDescription,
      let format = AVAudioFormat(streamDescription: &asbd),
      let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(numSamples))
    else { return nil }
    buffer.frameLength = AVAudioFrameCount(numSamples)
    let status = CMSampleBufferCopyPCMDataIntoAudioBufferList(
      self, at: 0, frameCount: Int32(numSamples), into: buffer.mutableAudioBufferList)
    return status == 0 ? buffer : nil
  }
}
