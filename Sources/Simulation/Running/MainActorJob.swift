/// One main-actor job of a run and the wall time it held the simulation's thread: the measurement
/// behind hang detection, kept for every job when ``Simulation/Configuration/recordsMainActorJobs``
/// is set, so a trace viewer can show where main-actor work happened and what it cost.
///
/// Wall time is not deterministic, so jobs are kept beside the event trace, never in it: they do not
/// enter the trace hash, and the same seed gives the same jobs at the same virtual times with other
/// wall times.
public struct MainActorJob: Sendable, Hashable {
  /// Virtual time when the job ran (virtual time does not move during a job).
  public var virtualTime: Duration
  /// Wall time the job held the thread, without the harness's own work (``Simulation/harnessWork(_:)``).
  public var wallTime: Duration
  /// The sequence numbers of the trace events the job recorded; empty when it recorded none.
  public var events: Range<Int>

  /// Creates a record.
  /// - Parameters:
  ///   - virtualTime: Virtual time when the job ran.
  ///   - wallTime: Wall time it held the thread.
  ///   - events: The sequence numbers of the events it recorded.
  public init(virtualTime: Duration, wallTime: Duration, events: Range<Int>) {
    self.virtualTime = virtualTime
    self.wallTime = wallTime
    self.events = events
  }
}
