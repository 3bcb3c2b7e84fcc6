public import Foundation
public import SpeechShim

/// One tap buffer read back from a capture: its bytes exactly as the tap received them.
public struct CaptureBuffer: Sendable, Hashable {
  /// The buffer's position in the capture (0-based).
  public var index: Int
  /// Its hardware format.
  public var format: CaptureFormat
  /// Frames in the buffer.
  public var frameCount: Int
  /// The tap's sample time (frames since the engine started), when valid.
  public var sampleTime: Int64?
  /// The tap's host time, when valid.
  public var hostTime: UInt64?
  /// Where the buffer starts on the capture's audio timeline (audio received before it, dropped included), in seconds.
  public var audioTime: Double
  /// The PCM bytes: plane after plane (one plane when interleaved), as in the tap's buffer.
  public var data: Data

  /// Creates a buffer from its values.
  public init(
    index: Int, format: CaptureFormat, frameCount: Int, sampleTime: Int64?, hostTime: UInt64?, audioTime: Double,
    data: Data
  ) {
    self.index = index
    self.format = format
    self.frameCount = frameCount
    self.sampleTime = sampleTime
    self.hostTime = hostTime
    self.audioTime = audioTime
    self.data = data
  }

  /// Seconds of audio in the buffer.
  public var duration: Double { format.sampleRate > 0 ? Double(frameCount) / format.sampleRate : 0 }

  /// A new `AVAudioPCMBuffer` holding the recorded bytes, for replaying them into an app's converter;
  /// nil when the format cannot be made or the bytes do not match it.
  public func makePCMBuffer() -> AVAudioPCMBuffer? {
    guard let avFormat = format.avAudioFormat, data.count == format.byteCount(frames: frameCount),
      let buffer = AVAudioPCMBuffer(pcmFormat: avFormat, frameCapacity: AVAudioFrameCount(frameCount))
    else { return nil }
    buffer.frameLength = AVAudioFrameCount(frameCount)
    let planeBytes = frameCount * (format.isInterleaved ? format.channelCount : 1) * format.bytesPerSample
    let planes: UnsafePointer<UnsafeMutableRawPointer>?
    switch format.commonFormat {
    case 1:
      planes = buffer.floatChannelData.map {
        UnsafeRawPointer($0).assumingMemoryBound(to: UnsafeMutableRawPointer.self)
      }
    case 3:
      planes = buffer.int16ChannelData.map {
        UnsafeRawPointer($0).assumingMemoryBound(to: UnsafeMutableRawPointer.self)
      }
    case 4:
      planes = buffer.int32ChannelData.map {
        UnsafeRawPointer($0).assumingMemoryBound(to: UnsafeMutableRawPointer.self)
      }
    default: planes = nil
    }
    guard let planes else { return nil }
    data.withUnsafeBytes { raw in
      for plane in 0..<format.planeCount where planeBytes > 0 {
        planes[plane].copyMemory(from: raw.baseAddress! + plane * planeBytes, byteCount: planeBytes)
      }
    }
    return buffer
  }
}
