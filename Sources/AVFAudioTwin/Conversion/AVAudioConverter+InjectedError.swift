import Foundation
import SimulatedDevice

extension AVAudioConverter {
  /// The error of an injected converter failure (`device.converterFailsAt`; Twins.md, "Faults of
  /// the Speech twins"): `NSOSStatusErrorDomain` with the failure's `OSStatus`, as Apple's converter
  /// reports the Core Audio status it got.
  static func injectedError(_ failure: SimulatedDevice.ConverterFailure) -> NSError {
    NSError(
      domain: NSOSStatusErrorDomain, code: failure.code,
      userInfo: [NSLocalizedDescriptionKey: "AVAudioConverter: the conversion failed (OSStatus \(failure.code))"])
  }
}
