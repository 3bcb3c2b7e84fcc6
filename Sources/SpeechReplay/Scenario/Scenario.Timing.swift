extension Scenario {
  /// How the model's compute time counts (`timing:`): free, or charged to virtual time.
  ///
  /// Stored as `device.modelComputeCost`, which the twins' analyzer honours: it sleeps in virtual
  /// time for `modelCost` seconds per second of audio before it reads the next input.
  package enum Timing: Sendable, Hashable {
    /// The model's compute is free: latencies are what the script says (a lower bound).
    case unaware
    /// The model needs `modelCost` seconds of compute per second of audio, charged to virtual time.
    case aware(modelCost: Double)

    /// The cost per second of audio the device is configured with (0 when unaware).
    package var modelCost: Double {
      switch self {
      case .unaware: 0
      case .aware(let cost): cost
      }
    }
  }

  /// The scenario's timing mode, read from its device's model compute cost.
  package var timing: Timing {
    device.modelComputeCost > 0 ? .aware(modelCost: device.modelComputeCost) : .unaware
  }
}
