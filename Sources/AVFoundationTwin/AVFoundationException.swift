import SimulatedDevice

/// Apple's uncatchable Objective-C exceptions, as the twin raises them: a diagnostic, then the
/// process ends with Apple's text.
enum AVFoundationException {
  static func raise(_ name: String, _ reason: String) -> Never {
    SimulatedDevice.current.diagnose(
      "AVAssetReader", "\(reason); Apple's framework raises an uncatchable exception and the app ends.")
    fatalError("*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'")
  }
}
