public import Foundation
import SimulatedDevice

/// The app's audio settings — the twin of `AVAudioApplication`, backed by `SimulatedDevice.current`.
///
/// ```swift
/// if await AVAudioApplication.requestRecordPermission() { try engine.start() }
/// ```
public final class AVAudioApplication: NSObject, @unchecked Sendable {
  // @unchecked: no stored state; everything is read from the current simulated device.

  /// The record permission states (Apple's `AVAudioApplication.recordPermission`).
  public enum recordPermission: Int, Sendable, Hashable {
    /// Not asked yet (`'undt'`).
    case undetermined = 1_970_168_948
    /// The user said no (`'deny'`).
    case denied = 1_684_369_017
    /// The user said yes (`'grnt'`).
    case granted = 1_735_552_628
  }

  /// The app's instance.
  public static let shared = AVAudioApplication()

  private override init() {}

  /// The record permission on the current simulated device now.
  public var recordPermission: AVAudioApplication.recordPermission {
    switch SimulatedDevice.current.recordPermission {
    case .undetermined: .undetermined
    case .denied: .denied
    case .granted: .granted
    }
  }

  /// Asks the simulated user for permission to record; answers at once when already decided, and
  /// on a first launch once the user answered the system's prompt (`device.permission.after`).
  /// - Returns: Whether recording is granted.
  public class func requestRecordPermission() async -> Bool {
    await SimulatedDevice.current.requestRecordPermissionAfterPrompt()
  }

  /// Asks the simulated user for permission to record and calls `response` with the answer from a
  /// task (on a device, from an arbitrary queue), after the prompt was answered on a first launch.
  /// - Parameter response: Called once with whether recording is granted.
  public class func requestRecordPermission(completionHandler response: @escaping @Sendable (Bool) -> Void) {
    let device = SimulatedDevice.current
    Task { response(await device.requestRecordPermissionAfterPrompt()) }
  }
}
