public import AVFAudioTwin
import Foundation

/// A capture output that hands out captured audio — the twin of `AVCaptureAudioDataOutput`.
///
/// **Not mirrored**: `setSampleBufferDelegate(_:queue:)` (its dispatch queue would run outside
/// the simulation). Speech's `CaptureInputSequenceProvider` reads the output through a twin-only
/// hook; when the output is released its readers' sequences end, as Apple documents for the
/// provider's `analyzerInputs`.
open class AVCaptureAudioDataOutput: AVCaptureOutput, @unchecked Sendable {
  // @unchecked: `receivers` is guarded by `lock`.
  private let lock = NSLock()
  private var receivers: [Int: Receiver] = [:]
  private var nextReceiver = 0

  /// Who reads the output's audio: a buffer handler and what to call when the output goes away.
  package struct Receiver {
    /// Called with each captured buffer and the time of its first frame.
    package let buffer: (AVAudioPCMBuffer, AVAudioTime) -> Void
    /// Called once when the output is released.
    package let end: () -> Void

    package init(buffer: @escaping (AVAudioPCMBuffer, AVAudioTime) -> Void, end: @escaping () -> Void) {
      self.buffer = buffer
      self.end = end
    }
  }

  /// An output with no readers.
  public override init() {}

  deinit { for receiver in receivers.values { receiver.end() } }

  /// Twin-only: adds a reader of the captured audio; returns its key for ``removeReceiver(_:)``.
  package func addReceiver(_ receiver: Receiver) -> Int {
    lock.withLock {
      nextReceiver += 1
      receivers[nextReceiver] = receiver
      return nextReceiver
    }
  }

  /// Twin-only: removes a reader without ending it.
  package func removeReceiver(_ key: Int) {
    _ = lock.withLock { receivers.removeValue(forKey: key) }
  }

  /// Hands a captured buffer to every reader.
  func deliver(_ buffer: AVAudioPCMBuffer, at time: AVAudioTime) {
    let current = lock.withLock { Array(receivers.sorted { $0.key < $1.key }.map(\.value)) }
    for receiver in current { receiver.buffer(buffer, time) }
  }
}
