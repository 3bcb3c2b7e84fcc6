#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
  import Simulation
  import SimulatedDevice
  import SpeechTwin
  import SpeechReplayTestSupport

  /// Runs `body` in a simulation on `device` (installed as the current device), queueing behind other
  /// simulations of the test process.
  func simulate<Value: Sendable>(
    _ name: String, on device: SimulatedDevice, _ body: @escaping @Sendable () async throws -> Value
  ) throws -> Simulation.Report<Value> {
    try SimulatedDevice.withDevice(device) {
      try Simulation.run(TestSimulation.configuration(name), body)
    }
  }

  /// How an asynchronous call ended, as a value the test can compare after the run.
  enum Attempt: Sendable, Equatable, CustomStringConvertible {
    case succeeded
    case failed(SFSpeechError)
    case failedOtherwise(String)

    /// Runs `operation` and records how it ended.
    static func of(_ operation: () async throws -> Void) async -> Attempt {
      do {
        try await operation()
        return .succeeded
      } catch let error as SFSpeechError {
        return .failed(error)
      } catch {
        return .failedOtherwise(String(describing: error))
      }
    }

    /// The Speech error, if the call failed with one.
    var error: SFSpeechError? {
      if case .failed(let error) = self { return error }
      return nil
    }

    var description: String {
      switch self {
      case .succeeded: "succeeded"
      case .failed(let error): "failed: \(error)"
      case .failedOtherwise(let text): "failed otherwise: \(text)"
      }
    }
  }

  /// Virtual time now (zero outside a simulation).
  var virtualNow: Duration { Simulation.current?.now ?? .zero }
#endif
