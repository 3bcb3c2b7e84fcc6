public import Foundation
import SimulatedDevice
import Simulation

/// The app's audio session on iOS — a twin of `AVAudioSession` so iOS app code compiles and sees the
/// simulated device's interruptions, inputs and route changes.
///
/// Mirrored: ``sharedInstance()``, ``setCategory(_:mode:options:)``, ``setActive(_:options:)``,
/// ``category``, ``mode``, ``categoryOptions``, ``sampleRate``, ``inputNumberOfChannels``, routes and
/// ports (``currentRoute``, ``availableInputs``, ``setPreferredInput(_:)``, data sources and polar
/// patterns), preferred sample rate and I/O buffer duration, and the ``interruptionNotification`` /
/// ``routeChangeNotification`` with Apple's userInfo keys (the previous route included), and the
/// deprecated permission API (``recordPermission-swift.property``, ``requestRecordPermission(_:)``).
/// Not mirrored: output overrides.
///
/// Each simulated device has its own session (``sharedInstance()`` on `SimulatedDevice.current`),
/// which posts that device's notifications on `NotificationCenter.default` with itself as the
/// object, synchronously, after the engines stopped.
public final class AVAudioSession: NSObject, @unchecked Sendable {
  // @unchecked: mutable state is guarded by `lock`.
  let lock = NSLock()
  var state = State()
  private var observed: (device: ObjectIdentifier, observation: Microphone.Observation)?
  private weak var observedDevice: SimulatedDevice?

  /// Everything the app set on the session.
  struct State {
    var category = Category.soloAmbient
    var mode = Mode.default
    var options = CategoryOptions()
    var isActive = false
    /// Whether the last deactivation passed `.notifyOthersOnDeactivation`; nil before any.
    var deactivationNotifiedOthers: Bool?
    var preferredInputUID: String?
    var preferredSampleRate = 0.0
    var preferredIOBufferDuration = 0.0
    /// Port descriptions by uid, so data-source choices persist across reads.
    var ports: [String: AVAudioSessionPortDescription] = [:]
    var reportedHFPWithoutOption = false
    /// What `AVAudioSession+InputSettings.swift` stores.
    var inputSettings = InputSettings()
  }

  /// One session per simulated device, as each phone has its own app: tests that run devices side by
  /// side (or touch the session outside a run) never share a category, preference or observer.
  static let sessions = SessionsByDevice()

  /// Creates a session object of its own on `SimulatedDevice.current`, as `AVAudioSession()` compiles
  /// against Apple's SDK (the class inherits `NSObject`'s `init()`, which the header does not mark
  /// unavailable).
  ///
  /// **Twin decision** (Apple documents only ``sharedInstance()``): the object has its own category,
  /// mode, options and preferences, reads the same simulated hardware and posts the device's
  /// notifications with itself as the object; a diagnostic says to use ``sharedInstance()``, since an
  /// app's other code (and its notification observers with `object: AVAudioSession.sharedInstance()`)
  /// does not see what is set on it.
  public override convenience init() {
    self.init(device: SimulatedDevice.current)
    SimulatedDevice.current.diagnose(
      "AVAudioSession",
      "AVAudioSession() made a session object other than AVAudioSession.sharedInstance(); the category and options set on it are not the shared session's, and observers registered for the shared instance do not hear its notifications. Use AVAudioSession.sharedInstance()."
    )
  }

  private init(device: SimulatedDevice) {
    super.init()
    attach(to: device)
  }

  /// The app's session on `SimulatedDevice.current`.
  /// - Returns: The device's session (the same object for every call on that device).
  public class func sharedInstance() -> AVAudioSession {
    sessions.session(for: SimulatedDevice.current) { device in AVAudioSession(device: device) }
  }

  private func attach(to device: SimulatedDevice) {
    let observation = device.microphone.observe(as: .session) { [weak self] event in self?.post(event) }
    lock.withLock {
      observedDevice = device
      observed = (ObjectIdentifier(device), observation)
    }
  }

  /// The device the session speaks for.
  var device: SimulatedDevice { lock.withLock { observedDevice } ?? SimulatedDevice.current }

  /// The category set last (`.soloAmbient` at first).
  public var category: Category { lock.withLock { state.category } }
  /// The mode set last (`.default` at first).
  public var mode: Mode { lock.withLock { state.mode } }
  /// The options set last.
  public var categoryOptions: CategoryOptions { lock.withLock { state.options } }
  /// Whether the session is active.
  var isActive: Bool { lock.withLock { state.isActive } }
  /// The hardware sample rate of the current input.
  public var sampleRate: Double { device.microphone.hardwareFormat.sampleRate }
  /// The hardware input channel count of the current input.
  public var inputNumberOfChannels: Int { device.microphone.hardwareFormat.channelCount }

  /// Sets the category, mode and options; the simulated device accepts every combination.
  /// - Parameters:
  ///   - category: The category, for example `.record` or `.playAndRecord`.
  ///   - mode: The mode, for example `.measurement`.
  ///   - options: Category options, for example `.allowBluetoothHFP`.
  /// - Throws: Never in the twin (the signature is Apple's).
  public func setCategory(_ category: Category, mode: Mode, options: CategoryOptions = []) throws {
    lock.withLock {
      state.category = category
      state.mode = mode
      state.options = options
    }
    Simulation.current?.trace.record(
      .sessionCategory, ["category": category.rawValue, "mode": mode.rawValue, "options": String(options.rawValue)])
  }

  /// Sets the category, keeping the mode.
  /// - Parameters:
  ///   - category: The category.
  ///   - options: Category options.
  /// - Throws: Never in the twin.
  public func setCategory(_ category: Category, options: CategoryOptions = []) throws {
    try setCategory(category, mode: mode, options: options)
  }

  /// Activates or deactivates the session. Activating applies a preferred input set while inactive.
  /// - Parameters:
  ///   - active: True to activate.
  ///   - options: Deactivation options (`.notifyOthersOnDeactivation`); the twin keeps whether the last
  ///     deactivation passed it, for the end-state check (other apps' audio resumes only then).
  /// - Throws: An `NSError` in `NSOSStatusErrorDomain` with code ``ErrorCode/insufficientPriority``
  ///   (`'!pri'`) when activating during an interruption, as on a device.
  public func setActive(_ active: Bool, options: SetActiveOptions = []) throws {
    let device = self.device
    if active && device.microphone.isInterrupted {
      throw Self.error(
        .insufficientPriority,
        "The session cannot be activated while another session interrupts it; activate it after the interruption ends.")
    }
    if active, let failure = device.microphone.takeActivationFailure() { throw activationFailed(failure) }
    let (preferred, changed) = lock.withLock { () -> (String?, Bool) in
      defer { state.isActive = active }
      if !active { state.deactivationNotifiedOthers = options.contains(.notifyOthersOnDeactivation) }
      return (state.preferredInputUID, state.isActive != active)
    }
    Simulation.current?.trace.record(.sessionActive, ["active": String(active)])
    if changed { postActivityChange(active: active, interruption: nil) }
    if active, let preferred, device.microphone.currentInput.uid != preferred {
      try? device.microphone.selectInput(uid: preferred)
    }
  }

  /// An `NSError` in `NSOSStatusErrorDomain` with the code's raw value and a message.
  static func error(_ code: ErrorCode, _ message: String) -> NSError {
    NSError(domain: NSOSStatusErrorDomain, code: code.rawValue, userInfo: [NSLocalizedDescriptionKey: message])
  }

  private func post(_ event: Microphone.Event) {
    switch event {
    case .routeChanged(_, _, let change):
      let previous = route(input: change.previousInput)
      let reason: RouteChangeReason =
        switch change.reason {
        case .newDeviceAvailable: .newDeviceAvailable
        case .oldDeviceUnavailable: .oldDeviceUnavailable
        case .override: .override
        case .routeConfigurationChange: .routeConfigurationChange
        }
      NotificationCenter.default.postAsTheSystem(
        name: Self.routeChangeNotification, object: self,
        userInfo: [
          AVAudioSessionRouteChangeReasonKey: reason.rawValue, AVAudioSessionRouteChangePreviousRouteKey: previous,
        ])
    case .interruptionBegan:
      let wasActive = lock.withLock { () -> Bool in
        defer { state.isActive = false }
        return state.isActive
      }
      NotificationCenter.default.postAsTheSystem(
        name: Self.interruptionNotification, object: self,
        userInfo: [
          AVAudioSessionInterruptionTypeKey: InterruptionType.began.rawValue,
          AVAudioSessionInterruptionReasonKey: InterruptionReason.default.rawValue,
        ])
      // The 27 notification follows the old one; only an active session becomes inactive.
      if wasActive { postActivityChange(active: false, interruption: .default) }
    case .configurationChanged:
      break
    case .systemDeactivated, .mediaServicesLost, .mediaServicesReset:
      audioSystemFailed(event)
    case .interruptionEnded(let shouldResume):
      let options: InterruptionOptions = shouldResume ? .shouldResume : []
      NotificationCenter.default.postAsTheSystem(
        name: Self.interruptionNotification, object: self,
        userInfo: [
          AVAudioSessionInterruptionTypeKey: InterruptionType.ended.rawValue,
          AVAudioSessionInterruptionOptionKey: options.rawValue,
        ])
    }
  }

  /// Posted when an interruption begins or ends; `userInfo` has ``AVAudioSessionInterruptionTypeKey``,
  /// at the beginning ``AVAudioSessionInterruptionReasonKey`` and at the end
  /// ``AVAudioSessionInterruptionOptionKey``.
  public static let interruptionNotification = Notification.Name("AVAudioSessionInterruptionNotification")
  /// Posted when the audio route changes; `userInfo` has ``AVAudioSessionRouteChangeReasonKey`` and
  /// ``AVAudioSessionRouteChangePreviousRouteKey``.
  public static let routeChangeNotification = Notification.Name("AVAudioSessionRouteChangeNotification")
}

/// The userInfo key of an interruption's ``AVAudioSession/InterruptionType`` raw value.
public let AVAudioSessionInterruptionTypeKey = "AVAudioSessionInterruptionTypeKey"
/// The userInfo key of an ended interruption's ``AVAudioSession/InterruptionOptions`` raw value.
public let AVAudioSessionInterruptionOptionKey = "AVAudioSessionInterruptionOptionKey"
/// The userInfo key of a route change's ``AVAudioSession/RouteChangeReason`` raw value.
public let AVAudioSessionRouteChangeReasonKey = "AVAudioSessionRouteChangeReasonKey"
/// The userInfo key of the ``AVAudioSessionRouteDescription`` before a route change.
public let AVAudioSessionRouteChangePreviousRouteKey = "AVAudioSessionRouteChangePreviousRouteKey"
