import Foundation
import SimulatedDevice
import Simulation
import SpeechTwin

extension InvariantChecker {
  /// `restart-backoff`: after an analysis fails (`analyzer.finish` with an error), the analyzer
  /// sessions the stack opens before the user's next tap are its own restarts; more than
  /// ``maximumRestartsPerSecond`` of them within one second of virtual time is a restart storm.
  func restartBackoff() -> InvariantViolation? {
    var failure: (time: Duration, error: String)?
    var restarts: [Duration] = []
    var window = 0  // index of the first restart within the last second
    let kinds: [TraceEvent.Kind] = [.analyzerFinish, .analyzerSessionOpen, ScenarioStepEvent.kind]
    for event in timeline.events.only(kinds) {
      if let step = ScenarioStepEvent(event) {
        // A tap by the user: what the stack does next is the user's doing, not a restart.
        if step.isStart || step.isStop || step.step == "dismiss" { failure = nil }
        continue
      }
      if event.kind == .analyzerFinish {
        let error = event["error"] ?? "none"
        if error != "none", failure == nil { failure = (event.time, error) }
        continue
      }
      guard let failed = failure else { continue }
      restarts.append(event.time)
      while event.time - restarts[window] >= .seconds(1) { window += 1 }
      let inSecond = restarts.count - window
      guard inSecond > maximumRestartsPerSecond else { continue }
      let first = DurationText.seconds(failed.time)
      return InvariantViolation(
        .restartBackoff, at: event.time,
        "after the analysis failed at \(StepMeasure.text(first)) (\(failed.error)), the stack opened \(inSecond) analyzer sessions within one second (\(StepMeasure.text(DurationText.seconds(restarts[window]))) to \(StepMeasure.text(DurationText.seconds(event.time))); \(restarts.count) restarts since the failure) with no tap by the user, over the bound of \(maximumRestartsPerSecond) per second (expect.invariants.maximumRestartsPerSecond): a restart storm, which a model that keeps failing never ends"
      )
    }
    return nil
  }

  /// `memory-bounded`: over a long session (a minute or more of the microphone delivering), the
  /// audio buffers alive on the device grow at most ``bufferGrowthPerMinute`` per minute of audio.
  ///
  /// Growth is measured from the most held in the first ten samples (a second apart) to the least
  /// held in the last ten, so a backlog that a stack works off, or one that builds in the last
  /// seconds, is not growth; only what stays held is.
  func memoryBounded() -> InvariantViolation? {
    let samples = bufferMemory
    guard samples.count > 60 else { return nil }
    let start = samples.prefix(10).map(\.bytes).max() ?? 0
    let end = samples.suffix(10).map(\.bytes).min() ?? 0
    let minutes = Double(samples.count - 1) / 60
    let perMinute = Double(end - start) / minutes
    guard perMinute > Double(bufferGrowthPerMinute) else { return nil }
    let hour = perMinute * 60
    return InvariantViolation(
      .memoryBounded, at: samples[samples.count - 1].time,
      "the audio buffers alive on the device grew from \(Self.megabytes(Double(start))) to \(Self.megabytes(Double(end))) over \(String(format: "%.1f", minutes)) minutes of audio: \(Self.megabytes(perMinute)) per minute of audio, over the bound of \(Self.megabytes(Double(bufferGrowthPerMinute))) (expect.invariants.bufferGrowthPerMinute); an hour's session would hold \(Self.megabytes(hour))"
    )
  }

  /// Bytes in megabytes (MiB), for messages.
  private static func megabytes(_ bytes: Double) -> String { String(format: "%.1f MB", bytes / 1_048_576) }
}
