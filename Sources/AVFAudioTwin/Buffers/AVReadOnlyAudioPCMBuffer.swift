package import AudioPCM
public import Foundation

/// A read-only, `Sendable` buffer of PCM audio — the twin of Apple's `AVReadOnlyAudioPCMBuffer`
/// (27.0), the buffer the 27 tap (``AVAudioNode/installAudioTap(onBus:bufferSize:format:tapProvider:)``)
/// and ``AVAudioFile/read(frameCount:)`` hand out.
///
/// ```swift
/// try engine.inputNode.installAudioTap(onBus: 0, bufferSize: 4096, format: nil) { buffer, time in
///   let copy = AVAudioPCMBuffer(copying: buffer)   // a mutable buffer the app owns
/// }
/// ```
///
/// **Twin decisions** (Apple documents the type only as "read-only, Sendable"): the buffer keeps a
/// reference to its storage, which no one writes after it was made (``init(copying:)`` copies,
/// ``init(unsafeRetaining:)`` takes the caller's buffer over, as its `sending` parameter says).
@available(iOS 27, macOS 27, tvOS 27, visionOS 27, watchOS 27, *)
public struct AVReadOnlyAudioPCMBuffer: @unchecked Sendable {
  // @unchecked: the storage is never written once the buffer exists.
  package let storage: PCMBuffer
  /// The format of the audio.
  public let format: AVAudioFormat

  /// A read-only copy of `buffer`'s valid frames.
  /// - Parameter buffer: The buffer to copy; the copy does not change when it does.
  public init(copying buffer: AVAudioPCMBuffer) {
    self.init(storage: buffer.storage.copiedValidFrames(), format: buffer.format)
  }

  /// Takes `buffer` over without copying; the caller must not use it any more.
  /// - Parameter buffer: The buffer, sent to the new value.
  public init(unsafeRetaining buffer: sending AVAudioPCMBuffer) {
    self.init(storage: buffer.storage, format: buffer.format)
  }

  /// A buffer of `frameCapacity` frames that `body` fills through its audio buffer list.
  /// - Parameters:
  ///   - format: The PCM format.
  ///   - frameCapacity: The frames the buffer holds; all of them are valid afterwards.
  ///   - body: Writes the samples through the list's `mData`.
  /// - Throws: What `body` throws, or `NSError` `NSOSStatusErrorDomain` -50 when the format has no
  ///   PCM layout the twin holds (**twin decision**: Apple does not document the error).
  public init(
    format: AVAudioFormat, frameCapacity: Int,
    initializingWith body: (UnsafeMutablePointer<AudioBufferList>) throws -> Void
  ) throws {
    guard frameCapacity >= 0,
      let buffer = AVAudioPCMBuffer(pcmFormat: format, frameCapacity: AVAudioFrameCount(frameCapacity))
    else {
      throw NSError(
        domain: NSOSStatusErrorDomain, code: -50,
        userInfo: [
          NSLocalizedDescriptionKey:
            "AVReadOnlyAudioPCMBuffer: \(format) with \(frameCapacity) frames cannot be held; use a linear PCM format and a capacity of 0 or more frames."
        ])
    }
    buffer.frameLength = buffer.frameCapacity
    try body(buffer.mutableAudioBufferList)
    self.init(storage: buffer.storage, format: format)
  }

  package init(storage: PCMBuffer, format: AVAudioFormat) {
    self.storage = storage
    self.format = format
  }

  /// The number of valid frames.
  public var frameLength: Int { storage.frameLength }
  /// The number of frames the buffer holds.
  public var frameCapacity: Int { storage.frameCapacity }

  /// Calls `body` with the audio as a Core Audio buffer list (one buffer per channel when
  /// deinterleaved), valid only inside `body`; do not write through it.
  /// - Parameter body: Reads the list.
  /// - Returns: What `body` returns.
  public func withUnsafeAudioBufferList<R>(_ body: (UnsafePointer<AudioBufferList>) throws -> R) rethrows -> R {
    let view = AVAudioPCMBuffer(adopting: storage, format: format)
    return try withExtendedLifetime(view) { try body(view.audioBufferList) }
  }
}
