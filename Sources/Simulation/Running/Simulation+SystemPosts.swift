extension Simulation {
  /// Posts a notification the way the system does: on a device the frameworks post from a thread of
  /// their own, and an observer added with `queue: .main` runs on the main thread while that thread
  /// waits (Foundation adds the block to `OperationQueue.main`, then waits until it finished).
  ///
  /// The simulation has one thread, so that wait would wait for itself (the run froze). Inside
  /// `post` the simulation's thread counts as the main thread for Foundation (`Thread.isMainThread`,
  /// so `OperationQueue.current` is `.main`; `CDispatchCapture` answers `_CFIsMainThread`), and
  /// Foundation runs such an observer at once: the post returns after it, the order a device shows.
  /// Observers without a queue run in the poster's context, as before. Outside a run, and on any
  /// other thread, `post` is called as is.
  ///
  /// The twins call it around every `NotificationCenter.default.post` of a system notification
  /// (interruptions, route changes, media services, engine configuration changes).
  public static func postAsTheSystem(_ post: () -> Void) {
    guard let engine = engineOnThisThread else { return post() }
    engine.systemPostDepth += 1
    defer { engine.systemPostDepth -= 1 }
    post()
  }
}
