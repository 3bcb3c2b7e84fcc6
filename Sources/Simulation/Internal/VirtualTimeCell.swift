internal import Synchronization

/// The run's virtual time in nanoseconds, shared with the trace's time stamps.
final class VirtualTimeCell: Sendable {
  let nanoseconds = Atomic<Int64>(0)
}
