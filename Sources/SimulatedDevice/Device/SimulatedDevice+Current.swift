import Synchronization

extension SimulatedDevice {
  private static let installed = Mutex<SimulatedDevice?>(nil)
  private static let fallback = SimulatedDevice()

  /// The device the twins run on: the one installed with ``withDevice(_:_:)``, or a default device
  /// (defaults of ``Configuration``, a model that knows no locale) when none is installed.
  public static var current: SimulatedDevice { installed.withLock { $0 } ?? fallback }

  /// Runs `body` with `device` installed as ``current``, then restores the previous device.
  ///
  /// The device is process-wide, like the simulation itself: one scenario per process at a time.
  public static func withDevice<Result>(_ device: SimulatedDevice, _ body: () throws -> Result) rethrows -> Result {
    let previous = installed.withLock { slot in
      let previous = slot
      slot = device
      return previous
    }
    defer { installed.withLock { $0 = previous } }
    return try body()
  }
}
