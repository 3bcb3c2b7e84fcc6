import Simulation

// Interruptions, and the observers (engines, then sessions) that hear of them and of route changes.
extension Microphone {
  /// True between ``beginInterruption()`` and ``endInterruption(shouldResume:)``.
  public var isInterrupted: Bool { withState { $0.isInterrupted } }

  /// Begins an interruption (a call comes in): engines stop, sessions post their notification.
  public func beginInterruption() {
    withState { $0.isInterrupted = true }
    Simulation.current?.trace.record(.microphoneInterruption, ["phase": "began"])
    notify(.interruptionBegan)
  }

  /// Ends an interruption; nothing restarts by itself, the app decides from `shouldResume`.
  /// - Parameter shouldResume: The hint the session passes on (`AVAudioSession.InterruptionOptions.shouldResume`).
  public func endInterruption(shouldResume: Bool) {
    withState { $0.isInterrupted = false }
    Simulation.current?.trace.record(.microphoneInterruption, ["phase": "ended", "shouldResume": String(shouldResume)])
    notify(.interruptionEnded(shouldResume: shouldResume))
  }

  /// Calls `handler` with every ``Event`` until the returned observation is cancelled or released.
  /// - Parameters:
  ///   - role: Engines are told before sessions; within a role, in registration order.
  ///   - handler: Called synchronously on the thread of the scenario control.
  /// - Returns: The registration; keep it as long as the calls are wanted.
  public func observe(as role: ObserverRole, _ handler: @escaping @Sendable (Event) -> Void) -> Observation {
    let id = withState { state in
      state.nextObserver += 1
      state.observers[state.nextObserver] = (role, handler)
      return state.nextObserver
    }
    return Observation(microphone: self, id: id)
  }

  func removeObserver(_ id: Int) {
    _ = withState { $0.observers.removeValue(forKey: id) }
  }

  func notify(_ event: Event) {
    let handlers = withState { state in
      state.observers.sorted { ($0.value.role, $0.key) < ($1.value.role, $1.key) }.map(\.value.handler)
    }
    for handler in handlers { handler(event) }
  }
}
