import Simulation

/// One pass of a `cycle:` step as the session saw it: when it began and ended in virtual time,
/// and the resource ledger right after it (kept out of the trace: heap figures vary by machine).
package struct CycleRecord: Sendable {
  /// 1-based pass number.
  package var pass: Int
  /// Passes the step runs.
  package var count: Int
  /// The line of the `cycle:` step, which tells nested or repeated cycle steps apart.
  package var line: Int
  /// Virtual time the pass began.
  package var started: Duration
  /// Virtual time the pass ended.
  package var ended: Duration
  /// The ledger after the pass: resources, live objects, heap.
  package var ledger: LedgerSnapshot?

  /// Creates a record.
  /// - Parameters:
  ///   - pass: 1-based pass number.
  ///   - count: Passes the step runs.
  ///   - line: The line of the `cycle:` step.
  ///   - started: When the pass began.
  ///   - ended: When it ended.
  ///   - ledger: The ledger after it.
  package init(pass: Int, count: Int, line: Int, started: Duration, ended: Duration, ledger: LedgerSnapshot?) {
    self.pass = pass
    self.count = count
    self.line = line
    self.started = started
    self.ended = ended
    self.ledger = ledger
  }

  /// The current simulation's ledger with its active waits counted as resources named
  /// `waiting: LABEL` (so an unfinished wait per cycle is named like a leaked resource); nil
  /// outside a simulation.
  static func ledgerNow() -> LedgerSnapshot? {
    guard let simulation = Simulation.current else { return nil }
    var snapshot = simulation.ledger.snapshot()
    for label in simulation.activeWaits { snapshot.resources["waiting: \(label)", default: 0] += 1 }
    return snapshot
  }
}
