public import SimulatedDevice
import Simulation

/// Runs `body` on a simulated device in virtual time: the direct test of code built on SpeechShim
/// (the twins), without a scenario file.
///
/// ```swift
/// @Test func dictationHearsTheFox() throws {
///   let committed = try withSimulatedDevice(configure: { device in
///     device.microphone.audioFile = "fixtures/audio/quick-brown-fox-48k.wav"
///   }) { device in
///     let transcriber = DictationModel()            // your class, unchanged
///     await transcriber.start()
///     try await Task.sleep(for: .seconds(6))         // six virtual seconds, a few ms of wall time
///     await transcriber.stop()
///     return transcriber.text
///   }
///   #expect(committed == "The quick brown fox.")
/// }
/// ```
///
/// Call it from a synchronous test: the simulation runs on the calling thread, after the runs
/// before it (one simulation runs per process at a time).
/// - Parameters:
///   - name: The run's name, for messages; the calling function's by default.
///   - seed: The run's seed (microphone jitter, model timing).
///   - model: The speech model the device's analyzers use; none scripted by default.
///   - configure: Sets up the device's configuration (microphone, locales, network, permissions).
///   - body: Runs on the main actor in virtual time with the device installed as the current one.
/// - Returns: What `body` returned.
/// - Throws: What `body` threw, or ``SimulatedDeviceRunError`` when the run did not finish
///   (deadlock, watchdog) or work escaped the simulation.
@discardableResult
public func withSimulatedDevice<Value: Sendable>(
  _ name: String = #function, seed: UInt64 = 1, model: any SpeechModelBackend = ScriptedModelBackend(scripts: [:]),
  configure: (inout SimulatedDevice.Configuration) throws -> Void = { _ in },
  _ body: @escaping @MainActor @Sendable (SimulatedDevice) async throws -> Value
) throws -> Value {
  var configuration = SimulatedDevice.Configuration()
  try configure(&configuration)
  let device = SimulatedDevice(configuration: configuration, model: model)
  let thrown = ThrownError()
  let report = try Simulation.run(
    Simulation.Configuration(name: name, seed: seed, exclusivity: .waitForTurn(timeout: .seconds(600)))
  ) {
    try await SimulatedDevice.withDevice(device) { @MainActor in
      do { return try await body(device) } catch {
        thrown.set(error)
        throw error
      }
    }
  }
  if let error = thrown.error { throw error }
  guard let value = report.value, report.outcome == .finished else {
    throw SimulatedDeviceRunError(message: "the run '\(name)' did not finish: \(report.outcome)")
  }
  guard report.isDeterministic else {
    throw SimulatedDeviceRunError(
      message:
        "work escaped the simulation in '\(name)' (\(report.escapes.map { String(describing: $0) }.joined(separator: "; "))); keep the code's asynchrony in Swift concurrency"
    )
  }
  return value
}

/// A run of ``withSimulatedDevice(_:seed:model:configure:_:)`` that did not finish or was not repeatable.
public struct SimulatedDeviceRunError: Error, CustomStringConvertible {
  /// What went wrong.
  public var message: String
  public var description: String { message }
}

/// The body's error, carried out of the simulation so the caller sees the original error.
private final class ThrownError: @unchecked Sendable {
  // Written on the simulation's thread, read after the run returned: no concurrent access.
  private(set) var error: (any Error)?
  func set(_ error: any Error) { self.error = error }
}
