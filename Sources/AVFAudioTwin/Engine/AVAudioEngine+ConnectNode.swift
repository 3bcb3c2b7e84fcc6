public import Foundation

extension AVAudioEngine {
  /// Connects `node1`'s output bus 0 to `node2` (27.0), as the deprecated `connect(_:to:format:)`
  /// does, but throws where that raises an exception.
  ///
  /// **Twin decision** (Apple documents that it throws, not which errors): a node that is not
  /// attached to the engine throws `NSError` `com.apple.coreaudio.avfaudio` -50 (`kAudio_ParamError`)
  /// and connects nothing.
  /// - Parameters:
  ///   - node1: The source.
  ///   - node2: The destination.
  ///   - format: The connection's format, or nil for the source's output format.
  /// - Throws: `NSError` when the connection cannot be made.
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public func connectNode(_ node1: AVAudioNode, to node2: AVAudioNode, format: AVAudioFormat?) throws {
    try checkAttached(node1, node2)
    connect(node1, to: node2, format: format)
  }

  /// Connects a source bus to a destination bus (27.0), as the deprecated
  /// `connect(_:to:fromBus:toBus:format:)` does, but throws where that raises an exception.
  /// - Parameters:
  ///   - node1: The source.
  ///   - node2: The destination.
  ///   - bus1: The source's output bus.
  ///   - bus2: The destination's input bus.
  ///   - format: The connection's format, or nil for the source's output format.
  /// - Throws: `NSError` `com.apple.coreaudio.avfaudio` -50 when a node is not attached.
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public func connectNode(
    _ node1: AVAudioNode, to node2: AVAudioNode, fromBus bus1: AVAudioNodeBus, toBus bus2: AVAudioNodeBus,
    format: AVAudioFormat?
  ) throws {
    try checkAttached(node1, node2)
    connect(node1, to: node2, fromBus: bus1, toBus: bus2, format: format)
  }

  private func checkAttached(_ nodes: AVAudioNode...) throws {
    for node in nodes where !isAttached(node) {
      throw NSError(
        domain: "com.apple.coreaudio.avfaudio", code: -50,
        userInfo: [
          NSLocalizedDescriptionKey:
            "connectNode: \(node.nodeName) is not attached to this engine; call engine.attach(_:) first."
        ])
    }
  }
}
