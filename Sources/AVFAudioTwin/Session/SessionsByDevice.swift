import Foundation
import SimulatedDevice

/// The ``AVAudioSession`` of each live simulated device. Entries whose device has gone are dropped
/// the next time a session is looked up, so a long test process does not keep sessions of old runs.
final class SessionsByDevice: @unchecked Sendable {
  // @unchecked: `entries` is guarded by `lock`.
  private struct Entry {
    weak var device: SimulatedDevice?
    let session: AVAudioSession
  }

  private let lock = NSLock()
  private var entries: [ObjectIdentifier: Entry] = [:]

  /// The session of `device`, made with `make` the first time.
  func session(for device: SimulatedDevice, make: (SimulatedDevice) -> AVAudioSession) -> AVAudioSession {
    lock.withLock {
      entries = entries.filter { $0.value.device != nil }
      if let entry = entries[ObjectIdentifier(device)], entry.device === device { return entry.session }
      let session = make(device)
      entries[ObjectIdentifier(device)] = Entry(device: device, session: session)
      return session
    }
  }

  /// The session of `device` if the app made one.
  func existingSession(for device: SimulatedDevice) -> AVAudioSession? {
    lock.withLock { entries[ObjectIdentifier(device)].flatMap { $0.device === device ? $0.session : nil } }
  }
}
