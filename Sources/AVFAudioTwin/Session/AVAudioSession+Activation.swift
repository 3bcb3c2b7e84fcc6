public import Foundation
import Simulation

extension AVAudioSession {
  /// Activates the session without blocking (iOS 27) and calls `completionHandler` with the outcome
  /// from a new task (Apple: "returns immediately without blocking"); the outcome is that of
  /// ``setActive(_:options:)``.
  /// - Parameters:
  ///   - options: Activation options (none defined).
  ///   - completionHandler: Called once with whether the session is active and the error, if any.
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 5, *)
  public func activate(
    options: AVAudioSessionActivationOptions = [],
    completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    let outcome = Result { try setActive(true) }
    Task {
      switch outcome {
      case .success: completionHandler(true, nil)
      case .failure(let error): completionHandler(false, error)
      }
    }
  }

  /// Activates the session (iOS 27): the async form Swift imports from the completion-handler
  /// method (**UNCONFIRMED**: Apple's page shows the completion-handler form; the async one follows
  /// from the import rule, as `deactivate(options:)` shows it).
  /// - Parameter options: Activation options (none defined).
  /// - Returns: Whether the session is active.
  /// - Throws: What ``setActive(_:options:)`` throws (`'!pri'` during an interruption).
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 5, *)
  public func activate(options: AVAudioSessionActivationOptions = []) async throws -> Bool {
    try setActive(true)
    return true
  }

  /// Deactivates the session without blocking (27.0) and calls `completionHandler` from a new task.
  /// - Parameters:
  ///   - options: `.notifyOthersOnDeactivation` lets other apps' audio resume (recorded only).
  ///   - completionHandler: Called once with whether the session was deactivated and the error, if any.
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public func deactivate(
    options: AVAudioSessionDeactivationOptions = [],
    completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
  ) {
    deactivateNow(options: options)
    Task { completionHandler(true, nil) }
  }

  /// Deactivates the session (27.0).
  /// - Parameter options: `.notifyOthersOnDeactivation` lets other apps' audio resume (recorded only).
  /// - Returns: Whether the session was deactivated (always, on the simulated device).
  /// - Throws: Never on the simulated device (the signature is Apple's).
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public func deactivate(options: AVAudioSessionDeactivationOptions = []) async throws -> Bool {
    deactivateNow(options: options)
    return true
  }

  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  private func deactivateNow(options: AVAudioSessionDeactivationOptions) {
    try? setActive(false, options: SetActiveOptions(rawValue: options.rawValue))
  }

  /// Posts the 27 notification of an activity change: active, or inactive with who ended it (the
  /// system when `interruption` is given or `bySystem` is true, otherwise the app).
  /// Called after the state changed, synchronously, beside the older notifications.
  func postActivityChange(active: Bool, interruption: InterruptionReason?, bySystem: Bool = false) {
    if active {
      NotificationCenter.default.postAsTheSystem(name: Self.didBecomeActiveNotification, object: self)
      postMessage(deactivation: nil)
      return
    }
    let context = DeactivationContext(
      source: interruption == nil && !bySystem ? .app : .system,
      interruptionContext: interruption.map(InterruptionContext.init))
    NotificationCenter.default.postAsTheSystem(
      name: Self.didBecomeInactiveNotification, object: self, userInfo: [Self.deactivationContextKey: context])
    postMessage(deactivation: context)
  }

  /// Posts the typed message (`.didBecomeActive`, or `.didBecomeInactive` with the context) to its
  /// observers. Apple's Foundation hands a posted notification to a message's observers through
  /// `makeMessage`; the open-source Foundation keeps messages apart from notifications, so the twin
  /// posts the message too there. Only as main-actor code, as a `MainActorMessage` is posted: a
  /// change made from another thread (a tap block) posts the notification only.
  private func postMessage(deactivation context: DeactivationContext?) {
    #if !canImport(Darwin)
      guard Simulation.isOnMainActor || (Simulation.current == nil && Thread.isMainThread) else { return }
      nonisolated(unsafe) let session = self
      MainActor.assumeIsolated {
        if let context {
          NotificationCenter.default.post(
            DidBecomeInactiveMessage(deactivationResult: context.result), subject: session)
        } else {
          NotificationCenter.default.post(DidBecomeActiveMessage(), subject: session)
        }
      }
    #endif
  }
}
