public import Foundation

/// A capture device as a session's input — the twin of `AVCaptureDeviceInput`.
open class AVCaptureDeviceInput: AVCaptureInput, @unchecked Sendable {
  // @unchecked: immutable.
  /// The device.
  public let device: AVCaptureDevice

  /// An input for `device`.
  /// - Parameter device: The device (the simulated microphone).
  /// - Throws: Never on the simulated device (the signature is Apple's).
  public init(device: AVCaptureDevice) throws {
    self.device = device
  }
}
