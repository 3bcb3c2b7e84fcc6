import SimulatedDevice
import Yams

extension Perturbation {
  /// Draws a failure of the audio system for `explore`: an activation refused (each code Apple's
  /// session throws at a recording app), an engine configuration change, or a media-services reset.
  ///
  /// A system deactivation (``AudioSystemFault/systemDeactivation``) is not drawn: only the 27
  /// `didBecomeInactiveNotification` tells an app of it, so a stack built with the 26 SDK cannot
  /// handle it and every run of one would fail for a reason its code cannot fix. Scenarios script it
  /// (`subject: { requires: [sessionDeactivationContext] }`).
  /// - Parameter random: The kind's own stream.
  /// - Returns: The fault.
  static func drawAudioSystemFault(using random: inout ExplorationRandom) -> AudioSystemFault {
    switch Int.random(in: 0..<3, using: &random) {
    case 0: .activationFails(AudioSystemFault.ActivationFailure.allCases.randomElement(using: &random)!)
    case 1: .configurationChange
    default: .mediaServicesReset
    }
  }

  /// Whether `fault` is an activation refused.
  static func isActivationFailure(_ fault: AudioSystemFault) -> Bool {
    if case .activationFails = fault { return true }
    return false
  }

  /// The `audioSystem:` step that injects `fault`.
  static func audioSystemStep(_ fault: AudioSystemFault) -> Node {
    typealias K = ScenarioKeys.AudioSystem
    let value: Node =
      switch fault {
      case .activationFails(.insufficientPriority): Node(K.activationFails.name)
      case .activationFails(let failure): ScenarioDocument.flow([(K.activationFails, Node(failure.rawValue))])
      case .configurationChange: Node(K.configurationChange.name)
      case .mediaServicesReset: Node(K.mediaServicesReset.name)
      case .systemDeactivation: Node(K.systemDeactivation.name)
      }
    return ScenarioDocument.step(ScenarioKeys.Step.audioSystem, value)
  }
}
