public import Foundation
import SimulatedDevice

/// Capture-device permission — the part of Apple's `AVCaptureDevice` speech apps use, mostly on
/// macOS, to ask for the microphone before starting an engine:
///
/// ```swift
/// guard await AVCaptureDevice.requestAccess(for: .audio) else { throw MicrophoneDenied() }
/// ```
///
/// `.audio` is the simulated device's record permission, the one `AVAudioApplication` reports
/// (undetermined → `notDetermined`, denied → `denied`, granted → `authorized`). The simulated device
/// has no camera: `.video` stays `notDetermined` and a request answers false with a diagnostic
/// (**twin decision**). Any other media type ends the process, as Apple's method raises an
/// exception. The microphone is a device (``default(for:)``) that an ``AVCaptureSession`` captures from; formats are not mirrored (Twins.md).
open class AVCaptureDevice: NSObject, @unchecked Sendable {
  // @unchecked: instances are immutable; the class methods read the current simulated device.
  /// The device's identifier (**twin decision**: `"SimulatedMicrophone"`).
  open var uniqueID: String { "SimulatedMicrophone" }
  /// The device's name (**twin decision**: `"Simulated Microphone"`).
  open var localizedName: String { "Simulated Microphone" }

  private override init() {}

  /// The simulated device's microphone for `.audio`; nil for other media (the simulated device has
  /// no camera). The microphone follows the simulated route (the current input), as the system
  /// default audio device does.
  /// - Parameter mediaType: The media type.
  /// - Returns: The default device, or nil.
  open class func `default`(for mediaType: AVMediaType) -> AVCaptureDevice? {
    mediaType == .audio ? AVCaptureDevice() : nil
  }

  /// Whether the device captures `mediaType` (only `.audio`).
  /// - Parameter mediaType: The media type.
  /// - Returns: True for `.audio`.
  open func hasMediaType(_ mediaType: AVMediaType) -> Bool { mediaType == .audio }

  /// The app's permission to capture `mediaType` now.
  /// - Parameter mediaType: `.audio` or `.video`.
  open class func authorizationStatus(for mediaType: AVMediaType) -> AVAuthorizationStatus {
    guard checked(mediaType, in: "authorizationStatus(for:)") == .audio else { return .notDetermined }
    switch SimulatedDevice.current.recordPermission {
    case .undetermined: return .notDetermined
    case .denied: return .denied
    case .granted: return .authorized
    }
  }

  /// Asks the simulated user for permission to capture `mediaType`; answers at once when decided,
  /// and on a first launch once the user answered the prompt (`device.permission.after`).
  /// - Parameter mediaType: `.audio` or `.video`.
  /// - Returns: Whether capture is authorized.
  open class func requestAccess(for mediaType: AVMediaType) async -> Bool {
    let mediaType = checked(mediaType, in: "requestAccess(for:completionHandler:)")
    if mediaType == .audio { _ = await SimulatedDevice.current.recordPromptAnswered() }
    return answer(for: mediaType)
  }

  /// Asks the simulated user for permission to capture `mediaType` and calls `handler` with the
  /// answer from a task (Apple: on an arbitrary dispatch queue).
  /// - Parameters:
  ///   - mediaType: `.audio` or `.video`.
  ///   - handler: Called once with whether capture is authorized.
  open class func requestAccess(
    for mediaType: AVMediaType, completionHandler handler: @escaping @Sendable (Bool) -> Void
  ) {
    let mediaType = checked(mediaType, in: "requestAccess(for:completionHandler:)")
    let device = SimulatedDevice.current
    Task {
      if mediaType == .audio { _ = await device.recordPromptAnswered() }
      handler(SimulatedDevice.withDevice(device) { answer(for: mediaType) })
    }
  }

  private static func answer(for mediaType: AVMediaType) -> Bool {
    guard mediaType == .audio else {
      SimulatedDevice.current.diagnose(
        "AVCaptureDevice",
        "requestAccess(for: .video): the simulated device has no camera, so the request answers false; only the "
          + "microphone (.audio) is simulated")
      return false
    }
    return SimulatedDevice.current.requestRecordPermission()
  }

  /// `mediaType` when it is audio or video; otherwise the process ends, as Apple's exception ends it.
  private static func checked(_ mediaType: AVMediaType, in method: String) -> AVMediaType {
    guard mediaType == .audio || mediaType == .video else {
      SimulatedDevice.current.diagnose(
        "AVCaptureDevice",
        "\(method) with media type '\(mediaType.rawValue)': Apple accepts only .audio and .video "
          + "and raises an uncatchable exception; the app ends")
      fatalError(
        "*** Terminating app due to uncaught exception 'NSInvalidArgumentException', reason: '+[AVCaptureDevice "
          + "\(method)] Invalid media type: \(mediaType.rawValue)'")
    }
    return mediaType
  }
}
