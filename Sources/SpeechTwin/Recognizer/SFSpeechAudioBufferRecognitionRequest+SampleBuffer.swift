import AVFAudioTwin
import CoreMediaTwin
import Foundation
import SimulatedDevice

extension SFSpeechAudioBufferRecognitionRequest {
  /// Appends the audio of a sample buffer (from `AVCaptureAudioDataOutput`, for example) to the end
  /// of the recognition stream, as ``append(_:)`` does with a PCM buffer.
  ///
  /// The twin copies the sample buffer's PCM into an `AVAudioPCMBuffer`; a sample buffer that is
  /// not linear PCM the twin holds, or whose data is not ready, is ignored with a diagnostic
  /// (**twin decision**: Apple documents no error for it).
  /// - Parameter sampleBuffer: A ready audio sample buffer.
  public func appendAudioSampleBuffer(_ sampleBuffer: CMSampleBuffer) {
    guard let buffer = Self.pcmBuffer(copying: sampleBuffer) else {
      SimulatedDevice.current.diagnose(
        "SFSpeechAudioBufferRecognitionRequest",
        "appendAudioSampleBuffer(_:) got a sample buffer whose audio cannot be read as linear PCM (not audio, "
          + "compressed, not ready or invalidated); its audio is not recognized")
      return
    }
    append(buffer)
  }

  /// The sample buffer's frames in a new PCM buffer of its own format, or nil when they cannot be read.
  private static func pcmBuffer(copying sampleBuffer: CMSampleBuffer) -> AVAudioPCMBuffer? {
    guard sampleBuffer.isValid, sampleBuffer.dataReadiness, sampleBuffer.numSamples > 0,
      var asbd = sampleBuffer.formatDescription?.audioStreamBasicDescription,
      let format = AVAudioFormat(streamDescription: &asbd),
      let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(sampleBuffer.numSamples))
    else { return nil }
    buffer.frameLength = AVAudioFrameCount(sampleBuffer.numSamples)
    let status = CMSampleBufferCopyPCMDataIntoAudioBufferList(
      sampleBuffer, at: 0, frameCount: Int32(sampleBuffer.numSamples), into: buffer.mutableAudioBufferList)
    return status == noErr ? buffer : nil
  }
}
