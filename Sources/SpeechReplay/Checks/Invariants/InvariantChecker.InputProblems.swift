import Simulation
import Synchronization

extension InvariantChecker {
  /// The problems of invariant inputs, each computed on first use (``InvariantInput/problem(in:)``).
  final class InputProblems: Sendable {
    private let known = Mutex<[TraceEvent.Kind: String?]>([:])

    /// What is wrong with `input` in `timeline` (always the checker's timeline), or nil.
    func problem(of input: InvariantInput, in timeline: Timeline) -> String? {
      if let problem = known.withLock({ $0[input.kind] }) { return problem }
      let problem = input.problem(in: timeline)
      known.withLock { $0[input.kind] = .some(problem) }
      return problem
    }
  }
}
