extension Simulation {
  /// Suspends the calling task until nothing else can run in the current virtual instant — every
  /// job that is ready, and every job those make ready, has run — then resumes it before any timer
  /// fires, so virtual time does not move and no timer due now is brought forward. Outside a
  /// simulation it returns at once.
  ///
  /// The scenario runner settles after the last step, so the checks that measure the end of a run
  /// see what a synchronous `stop()` set going (an engine's tap task winding down, a recognition
  /// task completing) rather than the instant it returned.
  public static func settle() async {
    guard let engine = engineOnThisThread else { return }
    await withUnsafeContinuation { (continuation: UnsafeContinuation<Void, Never>) in
      engine.idleWaiters.append(continuation)
    }
  }
}
