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
    guard let buffer = sampleBuffer.pcmBufferCopy() else {
      SimulatedDevice.current.diagnose(
        "SFSpeechAudioBufferRecognitionRequest",
        "appendAudioSampleBuffer(_:) got a sample buffer whose audio cannot be read as linear PCM (not audio, "
          + "compressed, not ready or invalidated); its audio is not recognized")
      return
    }
    append(buffer)
  }

}
