public import Foundation
import Simulation
import SimulatedDevice

/// The app's audio session on iOS — a minimal twin of `AVAudioSession` so iOS app code compiles and
/// sees interruptions and route changes of the simulated device.
///
/// Mirrored: ``sharedInstance()``, ``setCategory(_:mode:options:)``, ``setActive(_:options:)``,
/// ``category``, ``mode``, ``categoryOptions``, ``sampleRate``, ``inputNumberOfChannels``, and the
/// ``interruptionNotification`` / ``routeChangeNotification`` with Apple's userInfo keys. Not
/// mirrored: route descriptions (`currentRoute`, the previous-route key), preferred values, ports,
/// polar patterns, the deprecated permission API (use ``AVAudioApplication``).
///
/// The session posts the notifications of the device that was current when ``sharedInstance()``
/// was last called (on `NotificationCenter.default`, synchronously, after the engines stopped).
public final class AVAudioSession: NSObject, @unchecked Sendable {
  // @unchecked: mutable state is guarded by `lock`.
  private let lock = NSLock()
  private var state = (category: Category.soloAmbient, mode: Mode.default, options: CategoryOptions(), isActive: false)
  private var observed: (device: ObjectIdentifier, observation: Microphone.Observation)?
  private weak var observedDevice: SimulatedDevice?

  private static let shared = AVAudioSession()

  private override init() {}

  /// The app's session, following `SimulatedDevice.current`.
  /// - Returns: The shared session.
  public class func sharedInstance() -> AVAudioSession {
    shared.follow(SimulatedDevice.current)
    return shared
  }

  private func follow(_ device: SimulatedDevice) {
    let needed = lock.withLock { observedDevice !== device }
    guard needed else { return }
    let observation = device.microphone.observe(as: .session) { [weak self] event in self?.post(event) }
    lock.withLock {
      observedDevice = device
      observed = (ObjectIdentifier(device), observation)
    }
  }

  /// The category set last (`.soloAmbient` at first).
  public var category: Category { lock.withLock { state.category } }
  /// The mode set last (`.default` at first).
  public var mode: Mode { lock.withLock { state.mode } }
  /// The options set last.
  public var categoryOptions: CategoryOptions { lock.withLock { state.options } }
  /// The hardware sample rate of the current device's microphone.
  public var sampleRate: Double { SimulatedDevice.current.microphone.hardwareFormat.sampleRate }
  /// The hardware input channel count of the current device's microphone.
  public var inputNumberOfChannels: Int { SimulatedDevice.current.microphone.hardwareFormat.channelCount }

  /// Sets the category, mode and options; the simulated device accepts every combination.
  /// - Parameters:
  ///   - category: The category, for example `.record` or `.playAndRecord`.
  ///   - mode: The mode, for example `.measurement`.
  ///   - options: Category options.
  /// - Throws: Never in the twin (the signature is Apple's).
  public func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {
    lock.withLock { state = (category, mode, options, state.isActive) }
    Simulation.current?.trace.record(.sessionCategory, ["category": category.rawValue, "mode": mode.rawValue])
  }

  /// Sets the category, keeping the mode.
  /// - Parameters:
  ///   - category: The category.
  ///   - options: Category options.
  /// - Throws: Never in the twin.
  public func setCategory(_ category: Category, options: CategoryOptions = []) throws {
    try setCategory(category, mode: mode, options: options)
  }

  /// Activates or deactivates the session.
  /// - Parameters:
  ///   - active: True to activate.
  ///   - options: Deactivation options (`.notifyOthersOnDeactivation`); no effect in the twin.
  /// - Throws: An `NSError` in `NSOSStatusErrorDomain` with code 561017449 (`'!pri'`, insufficient
  ///   priority) when activating during an interruption, as on a device.
  public func setActive(_ active: Bool, options: SetActiveOptions = []) throws {
    let device = lock.withLock { observedDevice } ?? SimulatedDevice.current
    if active && device.microphone.isInterrupted {
      throw NSError(
        domain: NSOSStatusErrorDomain, code: 561_017_449,
        userInfo: [NSLocalizedDescriptionKey: "The session cannot be activated while another session interrupts it; activate it after the interruption ends."])
    }
    lock.withLock { state.isActive = active }
    Simulation.current?.trace.record(.sessionActive, ["active": String(active)])
  }

  private func post(_ event: Microphone.Event) {
    switch event {
    case .routeChanged:
      NotificationCenter.default.post(
        name: Self.routeChangeNotification, object: self,
        userInfo: [AVAudioSessionRouteChangeReasonKey: RouteChangeReason.newDeviceAvailable.rawValue])
    case .interruptionBegan:
      NotificationCenter.default.post(
        name: Self.interruptionNotification, object: self,
        userInfo: [AVAudioSessionInterruptionTypeKey: InterruptionType.began.rawValue])
    case .interruptionEnded(let shouldResume):
      let options: InterruptionOptions = shouldResume ? .shouldResume : []
      NotificationCenter.default.post(
        name: Self.interruptionNotification, object: self,
        userInfo: [AVAudioSessionInterruptionTypeKey: InterruptionType.ended.rawValue, AVAudioSessionInterruptionOptionKey: options.rawValue])
    }
  }

  /// Posted when an interruption begins or ends; `userInfo` has ``AVAudioSessionInterruptionTypeKey``
  /// and, at the end, ``AVAudioSessionInterruptionOptionKey``.
  public static let interruptionNotification = Notification.Name("AVAudioSessionInterruptionNotification")
  /// Posted when the audio route changes; `userInfo` has ``AVAudioSessionRouteChangeReasonKey``.
  public static let routeChangeNotification = Notification.Name("AVAudioSessionRouteChangeNotification")
}

/// The userInfo key of an interruption's ``AVAudioSession/InterruptionType`` raw value.
public let AVAudioSessionInterruptionTypeKey = "AVAudioSessionInterruptionTypeKey"
/// The userInfo key of an ended interruption's ``AVAudioSession/InterruptionOptions`` raw value.
public let AVAudioSessionInterruptionOptionKey = "AVAudioSessionInterruptionOptionKey"
/// The userInfo key of a route change's ``AVAudioSession/RouteChangeReason`` raw value.
public let AVAudioSessionRouteChangeReasonKey = "AVAudioSessionRouteChangeReasonKey"
