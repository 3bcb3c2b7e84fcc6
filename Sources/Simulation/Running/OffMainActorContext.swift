#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Code that runs, on a device, on a thread of its own — the audio render thread that calls an
/// engine's tap block — although the simulation runs it on its one thread. Swift 6's dynamic
/// isolation check in a main-actor-isolated closure called there traps on a device
/// (`dispatch_assert_queue` fails); inside the context the simulation does the same, naming it.
struct OffMainActorContext {
  /// What the code is, for the message: `the tap block of AVAudioInputNode bus 0`.
  let name: String
  /// Where it runs on a device: `the audio render thread`.
  let thread: String
  /// What to do instead, for the message.
  let advice: String

  /// The closure is main-actor isolated: say so on standard error and end the process, as Swift's
  /// isolation check does on a device.
  func violated() -> Never {
    let message =
      "\(ProcessName.diagnosticPrefix) \(name) is isolated to the main actor but runs on \(thread); "
      + "Swift 6 checks that isolation when the closure is called and the app ends with EXC_BREAKPOINT (dispatch_assert_queue). \(advice)\n"
    var bytes = Array(message.utf8)
    _ = write(2, &bytes, bytes.count)  // standard error, unbuffered: the process ends next
    fatalError("Incorrect actor executor assumption; expected MainActor, but \(name) runs on \(thread)")
  }
}

extension Simulation {
  /// Runs `body` as code that, on a device, runs on another thread (such as the audio render
  /// thread): a main-actor-isolated closure called inside traps as Swift 6's isolation check does
  /// there, printing a diagnostic with `name`, `thread` and `advice` first. Outside a simulation,
  /// `body` just runs.
  /// - Parameters:
  ///   - name: What runs (`the tap block of AVAudioInputNode bus 0`).
  ///   - thread: Where it runs on a device (`the audio render thread`).
  ///   - advice: How to fix an isolated closure.
  ///   - body: The call.
  public static func runningOffMainActor<Result>(
    _ name: String, on thread: String, advice: String, _ body: () throws -> Result
  ) rethrows -> Result {
    guard let engine = engineOnThisThread else { return try body() }
    let outer = engine.offMainActorContext
    engine.offMainActorContext = OffMainActorContext(name: name, thread: thread, advice: advice)
    defer { engine.offMainActorContext = outer }
    return try body()
  }
}
