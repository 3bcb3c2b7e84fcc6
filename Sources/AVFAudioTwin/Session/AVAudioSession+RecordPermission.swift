import SimulatedDevice

extension AVAudioSession {
  /// The record permission states of the session's permission API (Apple's
  /// `AVAudioSession.RecordPermission`, deprecated since iOS 17 in favour of
  /// `AVAudioApplication.recordPermission`, and still in the 26 SDK).
  ///
  /// Raw values are Apple's four-character codes (`NS_ENUM(NSUInteger, …)`), the same numbers as
  /// ``AVAudioApplication/recordPermission-swift.enum``.
  @available(iOS, introduced: 8.0, deprecated: 17.0, message: "Use AVAudioApplication.recordPermission")
  public enum RecordPermission: UInt, Sendable, Hashable {
    /// Not asked yet (`'undt'`).
    case undetermined = 1_970_168_948
    /// The user said no (`'deny'`).
    case denied = 1_684_369_017
    /// The user said yes (`'grnt'`).
    case granted = 1_735_552_628
  }

  /// The record permission on the session's simulated device now.
  @available(iOS, introduced: 8.0, deprecated: 17.0, message: "Use AVAudioApplication.recordPermission")
  public var recordPermission: RecordPermission {
    switch device.recordPermission {
    case .undetermined: .undetermined
    case .denied: .denied
    case .granted: .granted
    }
  }

  /// Asks the simulated user for permission to record.
  ///
  /// When the permission is already decided, `response` runs at once, before this method returns
  /// (Apple: "the block executes immediately"); when it is undetermined, the simulated user answers
  /// (the device's `answersRequestWith`) and `response` runs from a new task, as Apple's runs after
  /// the alert on an arbitrary queue (**twin decision**: which thread is not documented).
  /// - Parameter response: Called once with whether recording is granted.
  @available(
    iOS, introduced: 7.0, deprecated: 17.0,
    message: "Use AVAudioApplication.requestRecordPermission(completionHandler:)"
  )
  public func requestRecordPermission(_ response: @escaping (Bool) -> Void) {
    let device = self.device
    guard device.recordPermission == .undetermined else {
      response(device.recordPermission == .granted)
      return
    }
    // Apple's block type is not @Sendable; the twin calls it once, from one task.
    nonisolated(unsafe) let response = response
    Task { response(await device.requestRecordPermissionAfterPrompt()) }
  }
}
