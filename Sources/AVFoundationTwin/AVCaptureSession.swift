public import AVFAudioTwin
public import Foundation
import SimulatedDevice
import Simulation

/// Captures from the simulated microphone into its outputs — the twin of `AVCaptureSession`, for
/// audio only.
///
/// A running session captures as an `AVAudioEngine` with a tap does (the same cadence, times,
/// silence without permission), from the engine it makes inside. **Twin decisions** (Apple
/// documents what a session does across routes and interruptions, not exactly when): on a route
/// change the session keeps running and captures in the new hardware format from the next
/// callback (its engine restarts in the same instant, from a task); an interruption stops the
/// capture, posts ``wasInterruptedNotification``, and at its end the session resumes by itself and
/// posts ``interruptionEndedNotification``. ``stopRunning()`` stops; outputs keep their readers.
/// Buffers carry times on the session's clock (frames since it first ran, from the host time),
/// which keep increasing across route changes and restarts.
open class AVCaptureSession: NSObject, @unchecked Sendable {
  // @unchecked: state is guarded by `lock`.
  private let lock = NSLock()
  private var sessionInputs: [AVCaptureInput] = []
  private var sessionOutputs: [AVCaptureOutput] = []
  private var engine: AVAudioEngine?
  private var running = false
  private var interrupted = false
  private var tapInstalled = false
  private var firstHostTime: UInt64?
  private var observers: [any NSObjectProtocol] = []

  /// A session with no inputs or outputs.
  public override init() {}

  deinit {
    for observer in observers { NotificationCenter.default.removeObserver(observer) }
    engine?.stop()
  }

  /// The session's inputs.
  open var inputs: [AVCaptureInput] { lock.withLock { sessionInputs } }
  /// The session's outputs.
  open var outputs: [AVCaptureOutput] { lock.withLock { sessionOutputs } }
  /// Whether the session was started and not stopped (it stays running through an interruption).
  open var isRunning: Bool { lock.withLock { running } }
  /// Whether an interruption stopped the capture for now.
  open var isInterrupted: Bool { lock.withLock { interrupted } }

  /// Whether `input` can be added (a device input not yet in the session).
  /// - Parameter input: The input.
  /// - Returns: Whether ``addInput(_:)`` would add it.
  open func canAddInput(_ input: AVCaptureInput) -> Bool {
    input is AVCaptureDeviceInput && !inputs.contains(input)
  }

  /// Adds an input.
  /// - Parameter input: The input.
  open func addInput(_ input: AVCaptureInput) {
    guard canAddInput(input) else { return }
    lock.withLock { sessionInputs.append(input) }
  }

  /// Whether `output` can be added (an audio data output not yet in the session).
  /// - Parameter output: The output.
  /// - Returns: Whether ``addOutput(_:)`` would add it.
  open func canAddOutput(_ output: AVCaptureOutput) -> Bool {
    output is AVCaptureAudioDataOutput && !outputs.contains(output)
  }

  /// Adds an output.
  /// - Parameter output: The output.
  open func addOutput(_ output: AVCaptureOutput) {
    guard canAddOutput(output) else { return }
    lock.withLock { sessionOutputs.append(output) }
  }

  /// Removes an input.
  /// - Parameter input: The input.
  open func removeInput(_ input: AVCaptureInput) { lock.withLock { sessionInputs.removeAll { $0 === input } } }
  /// Removes an output.
  /// - Parameter output: The output.
  open func removeOutput(_ output: AVCaptureOutput) { lock.withLock { sessionOutputs.removeAll { $0 === output } } }
  /// Begins a batch of configuration changes (applied at once in the twin).
  open func beginConfiguration() {}
  /// Ends a batch of configuration changes.
  open func commitConfiguration() {}

  /// Starts capturing (synchronously, as Apple's blocking call).
  open func startRunning() {
    guard lock.withLock({ !running }) else { return }
    lock.withLock { running = true }
    Simulation.current?.trace.record(.captureSessionStart)
    startEngine()
  }

  /// Stops capturing.
  open func stopRunning() {
    let engine = lock.withLock { () -> AVAudioEngine? in
      defer { running = false }
      return running ? self.engine : nil
    }
    guard let engine else { return }
    engine.stop()
    Simulation.current?.trace.record(.captureSessionStop)
  }

  /// Posted when an interruption stops the capture (object: the session).
  public static let wasInterruptedNotification = Notification.Name("AVCaptureSessionWasInterruptedNotification")
  /// Posted when the capture resumes after an interruption (object: the session).
  public static let interruptionEndedNotification = Notification.Name("AVCaptureSessionInterruptionEndedNotification")

  private func startEngine() {
    let engine = lock.withLock { () -> AVAudioEngine in
      if let engine = self.engine { return engine }
      let made = AVAudioEngine()
      self.engine = made
      return made
    }
    if lock.withLock({ !tapInstalled }) {
      lock.withLock { tapInstalled = true }
      engine.inputNode.installTwinTap(onBus: 0, bufferSize: 4_096, format: nil) { [weak self] buffer, time in
        self?.deliver(buffer, at: time)
      }
      observe(engine)
    }
    do {
      try engine.start()
    } catch {
      SimulatedDevice.current.diagnose(
        "AVCaptureSession", "the capture session could not start capturing: \(error.localizedDescription)")
    }
  }

  /// Hands the buffer to the outputs with its time on the session's clock: the host time, and
  /// frames since the session first ran at the buffer's rate (the engine inside restarts its
  /// sample time at a route change; a capture session's presentation times keep going).
  private func deliver(_ buffer: AVAudioPCMBuffer, at time: AVAudioTime) {
    let origin = lock.withLock { () -> UInt64 in
      if firstHostTime == nil { firstHostTime = time.hostTime }
      return firstHostTime ?? time.hostTime
    }
    let seconds = Double(time.hostTime &- origin) / 1e9
    let rate = buffer.format.sampleRate
    let stamped = AVAudioTime(
      hostTime: time.hostTime, sampleTime: AVAudioFramePosition((seconds * rate).rounded()), atRate: rate)
    for case let output as AVCaptureAudioDataOutput in outputs { output.deliver(buffer, at: stamped) }
  }

  /// Follows the hardware: a route change restarts the capture; an interruption pauses it.
  private func observe(_ engine: AVAudioEngine) {
    let center = NotificationCenter.default
    let device = SimulatedDevice.current
    let route = center.addObserver(forName: .AVAudioEngineConfigurationChange, object: engine, queue: nil) {
      [weak self] _ in
      guard let self, self.isRunning, !self.isInterrupted else { return }
      Task { SimulatedDevice.withDevice(device) { self.restartAfterRouteChange() } }
    }
    let session = AVAudioSession.sharedInstance()
    let interruption = center.addObserver(forName: AVAudioSession.interruptionNotification, object: session, queue: nil)
    {
      [weak self] note in
      let began = (note.userInfo?[AVAudioSessionInterruptionTypeKey] as? UInt) == 1
      self?.interruption(began: began)
    }
    lock.withLock { observers += [route, interruption] }
  }

  private func restartAfterRouteChange() {
    guard isRunning, !isInterrupted else { return }
    startEngine()
  }

  private func interruption(began: Bool) {
    guard isRunning else { return }
    lock.withLock { interrupted = began }
    if began {
      NotificationCenter.default.postAsTheSystem(name: Self.wasInterruptedNotification, object: self)
    } else {
      startEngine()
      NotificationCenter.default.postAsTheSystem(name: Self.interruptionEndedNotification, object: self)
    }
  }
}
