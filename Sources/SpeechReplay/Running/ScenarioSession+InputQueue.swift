import Simulation

extension ScenarioSession {
  /// Records the subject's input queue (`stack.input`) when it reports one and it changed.
  func traceInputQueue() {
    guard let reporting = current as? any InputQueueReporting, let status = reporting.inputQueueStatus,
      status != lastInputQueue
    else { return }
    lastInputQueue = status
    Simulation.current?.trace.record(StackInputEvent(status))
  }
}
