extension Simulation {
  /// What was still waiting when a run stopped with nothing runnable and no timer armed.
  public struct DeadlockReport: Sendable, Equatable, CustomStringConvertible {
    /// Virtual time of the deadlock.
    public var virtualTime: Duration
    /// Labels that code gave to its waits with `Simulation.waiting(_:operation:)`, oldest first.
    public var waitingOn: [String]
    /// Ledger resources still open (kind and label), in acquisition order.
    public var openResources: [String]

    /// Creates a report.
    /// - Parameters:
    ///   - virtualTime: Virtual time of the deadlock.
    ///   - waitingOn: Wait labels still active.
    ///   - openResources: Ledger resources still open.
    public init(virtualTime: Duration, waitingOn: [String], openResources: [String]) {
      self.virtualTime = virtualTime
      self.waitingOn = waitingOn
      self.openResources = openResources
    }

    public var description: String {
      var text =
        "deadlock at virtual time \(VirtualTimeFormat.string(virtualTime)): nothing runnable, "
        + "no timer armed, body not finished."
      text +=
        waitingOn.isEmpty
        ? " No labelled waits (label waits with Simulation.current?.waiting(_:))."
        : " Waiting on: \(waitingOn.joined(separator: "; "))."
      if !openResources.isEmpty { text += " Open resources: \(openResources.joined(separator: "; "))." }
      text += " A continuation that is never resumed, or a stream that is never finished, looks like this."
      return text
    }
  }
}
