import Foundation

/// The ports audio flows through now — the twin of `AVAudioSessionRouteDescription`.
public final class AVAudioSessionRouteDescription: NSObject, @unchecked Sendable {
  // @unchecked: immutable.
  /// The input ports (empty when the category does not record).
  public let inputs: [AVAudioSessionPortDescription]
  /// The output ports.
  public let outputs: [AVAudioSessionPortDescription]

  init(inputs: [AVAudioSessionPortDescription], outputs: [AVAudioSessionPortDescription]) {
    self.inputs = inputs
    self.outputs = outputs
  }

  /// Same inputs and outputs.
  public override func isEqual(_ object: Any?) -> Bool {
    guard let other = object as? AVAudioSessionRouteDescription else { return false }
    return inputs == other.inputs && outputs == other.outputs
  }

  /// Consistent with ``isEqual(_:)``.
  public override var hash: Int { inputs.map(\.uid).hashValue ^ outputs.map(\.uid).hashValue }

  /// Lists the inputs and outputs.
  public override var description: String {
    "<AVAudioSessionRouteDescription: inputs = \(inputs); outputs = \(outputs)>"
  }
}
