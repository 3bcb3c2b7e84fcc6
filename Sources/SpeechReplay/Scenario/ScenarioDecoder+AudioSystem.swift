import SimulatedDevice

extension ScenarioDecoder {
  /// An `audioSystem:` step's fault: `configurationChange`, `mediaServicesReset`,
  /// `systemDeactivation`, `activationFails` (refused with `insufficientPriority`, a call), or
  /// `{ activationFails: cannotInterruptOthers }` for another code.
  static func audioSystemFault(_ node: ScenarioNode) throws(ScenarioError) -> AudioSystemFault {
    typealias K = ScenarioKeys.AudioSystem
    let codes = AudioSystemFault.ActivationFailure.allCases.map(\.rawValue)
    guard case .mapping = node.node else {
      switch try node.choice(K.all.names) {
      case K.configurationChange.name: return .configurationChange
      case K.mediaServicesReset.name: return .mediaServicesReset
      case K.systemDeactivation.name: return .systemDeactivation
      default: return .activationFails(.insufficientPriority)
      }
    }
    let mapping = try node.mapping(keys: [K.activationFails])
    let code = try mapping.required(K.activationFails, example: "insufficientPriority").choice(codes)
    return .activationFails(AudioSystemFault.ActivationFailure(rawValue: code) ?? .insufficientPriority)
  }
}
