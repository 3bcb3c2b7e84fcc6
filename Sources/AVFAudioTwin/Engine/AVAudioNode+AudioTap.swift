public import Foundation

extension AVAudioNode {
  /// Installs a tap that hands out read-only, `Sendable` buffers (27.0) — the successor of the
  /// deprecated `installTap(onBus:bufferSize:format:block:)`.
  ///
  /// The buffers, times, cadence and `bufferSize` hint are those of `installTap`. Where `installTap`
  /// raises Apple's uncatchable exception, this method throws and installs nothing (**twin
  /// decision**: Apple's page documents that it throws, not which errors): a second tap on the bus
  /// throws `NSError` `com.apple.coreaudio.avfaudio` -10863 (`kAudioUnitErr_CannotDoInCurrentContext`),
  /// a format whose sample rate is not the bus's -10868 (`kAudioUnitErr_FormatNotSupported`). The
  /// provider is `@Sendable`, so a closure written in a main-actor method is not isolated to the
  /// main actor and runs on the render thread without the isolation trap of the old tap.
  /// - Parameters:
  ///   - bus: The output bus to tap (0 for the input node).
  ///   - bufferSize: The requested frames per call (a hint).
  ///   - format: The format of the buffers, or nil for the bus's format.
  ///   - tapProvider: Called with each buffer and the time of its first frame.
  /// - Throws: `NSError` in `com.apple.coreaudio.avfaudio` when the tap cannot be installed.
  @available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
  public func installAudioTap(
    onBus bus: AVAudioNodeBus, bufferSize: AVAudioFrameCount, format: AVAudioFormat?,
    tapProvider: @escaping @Sendable (AVReadOnlyAudioPCMBuffer, AVAudioTime) -> Void
  ) throws {
    switch tapRefusal(onBus: bus, format: format, in: "installAudioTap") {
    case .busTaken:
      throw Self.tapError(
        -10_863, "bus \(bus) of \(nodeName) already has a tap; remove it with removeTap(onBus:) first.")
    case .rateMismatch:
      throw Self.tapError(
        -10_868,
        "the tap's format must have the bus's sample rate (\(outputFormat(forBus: bus).sampleRate) Hz); pass nil.")
    case nil:
      addTap(onBus: bus, bufferSize: bufferSize, format: format) { buffer, time in
        // The engine makes a new buffer for every call and keeps no reference to it.
        tapProvider(AVReadOnlyAudioPCMBuffer(storage: buffer.storage, format: buffer.format), time)
      }
    }
  }

  private static func tapError(_ code: Int, _ message: String) -> NSError {
    NSError(
      domain: "com.apple.coreaudio.avfaudio", code: code,
      userInfo: [NSLocalizedDescriptionKey: "installAudioTap: \(message)"])
  }
}
