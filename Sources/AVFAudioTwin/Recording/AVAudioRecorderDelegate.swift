import Foundation

/// What an ``AVAudioRecorder`` tells its delegate — the twin of Apple's `AVAudioRecorderDelegate`;
/// both methods are optional (default implementations do nothing).
public protocol AVAudioRecorderDelegate: NSObjectProtocol {
  /// The recording ended: ``AVAudioRecorder/stop()``, or the duration of
  /// ``AVAudioRecorder/record(forDuration:)`` passed.
  /// - Parameters:
  ///   - recorder: The recorder.
  ///   - flag: False when the file could not be finished.
  func audioRecorderDidFinishRecording(_ recorder: AVAudioRecorder, successfully flag: Bool)

  /// Writing the recording failed.
  /// - Parameters:
  ///   - recorder: The recorder.
  ///   - error: What went wrong.
  func audioRecorderEncodeErrorDidOccur(_ recorder: AVAudioRecorder, error: (any Error)?)
}

extension AVAudioRecorderDelegate {
  /// Does nothing (the method is optional).
  public func audioRecorderDidFinishRecording(_ recorder: AVAudioRecorder, successfully flag: Bool) {}
  /// Does nothing (the method is optional).
  public func audioRecorderEncodeErrorDidOccur(_ recorder: AVAudioRecorder, error: (any Error)?) {}
}
