public import AVFAudioTwin

// This module is compiled in the Swift 5 language mode on purpose: on a device, apps call
// `installTap` through Apple's Objective-C interface, which has no strict concurrency, so Swift 6
// inserts a dynamic isolation check into a main-actor-isolated tap closure and the app traps when
// the audio render thread calls it. Declared here, the twin's `installTap` gets the same check.

extension AVAudioNode {
  /// Installs a tap that receives the bus's audio (Apple's `installTap(onBus:bufferSize:format:block:)`).
  ///
  /// `bufferSize` is only a hint: the hardware's callback size is what arrives (a diagnostic notes
  /// the difference once). `format` nil means the bus's format. A second tap on the same bus, or a
  /// format whose sample rate is not the bus's, ends the process as Apple's exception does. The
  /// block runs as on the audio render thread: a block isolated to the main actor (a closure
  /// written inside a `@MainActor` method) traps when it is called, as on a device.
  /// - Parameters:
  ///   - bus: The output bus to tap (0 for the input node).
  ///   - bufferSize: The requested frames per call.
  ///   - format: The format of the buffers, or nil for the bus's format.
  ///   - tapBlock: Called with each buffer and the time of its first frame.
  @available(iOS, deprecated: 27.0, message: "use installAudioTap(onBus:bufferSize:format:tapProvider:)")
  @available(macOS, deprecated: 27.0, message: "use installAudioTap(onBus:bufferSize:format:tapProvider:)")
  @available(tvOS, deprecated: 27.0, message: "use installAudioTap(onBus:bufferSize:format:tapProvider:)")
  @available(visionOS, deprecated: 27.0, message: "use installAudioTap(onBus:bufferSize:format:tapProvider:)")
  @available(watchOS, deprecated: 27.0, message: "use installAudioTap(onBus:bufferSize:format:tapProvider:)")
  public func installTap(
    onBus bus: AVAudioNodeBus, bufferSize: AVAudioFrameCount, format: AVAudioFormat?,
    block tapBlock: @escaping AVAudioNodeTapBlock
  ) {
    installTwinTap(onBus: bus, bufferSize: bufferSize, format: format, block: tapBlock)
  }
}
