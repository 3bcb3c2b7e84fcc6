/// A collection view of an ``AudioBufferList``'s buffers — Apple's Swift overlay type.
///
/// ```swift
/// for buffer in UnsafeMutableAudioBufferListPointer(pcmBuffer.mutableAudioBufferList) {
///   let samples = buffer.mData!.assumingMemoryBound(to: Float.self)
/// }
/// ```
public struct UnsafeMutableAudioBufferListPointer: MutableCollection, RandomAccessCollection {
  /// The list.
  public var unsafeMutablePointer: UnsafeMutablePointer<AudioBufferList>

  /// Views the list at `p`.
  public init(_ p: UnsafeMutablePointer<AudioBufferList>) { unsafeMutablePointer = p }

  /// Views the list at `p`, or nil for a nil pointer.
  public init?(_ p: UnsafeMutablePointer<AudioBufferList>?) {
    guard let p else { return nil }
    self.init(p)
  }

  /// The list, read-only.
  public var unsafePointer: UnsafePointer<AudioBufferList> { UnsafePointer(unsafeMutablePointer) }

  /// The list's `mNumberBuffers`.
  public var count: Int {
    get { Int(unsafeMutablePointer.pointee.mNumberBuffers) }
    nonmutating set { unsafeMutablePointer.pointee.mNumberBuffers = UInt32(newValue) }
  }

  /// 0.
  public var startIndex: Int { 0 }
  /// ``count``.
  public var endIndex: Int { count }

  private var buffers: UnsafeMutablePointer<AudioBuffer> {
    (UnsafeMutableRawPointer(unsafeMutablePointer) + AudioBufferList.bufferOffset).assumingMemoryBound(
      to: AudioBuffer.self)
  }

  /// The buffer at `index`.
  public subscript(index: Int) -> AudioBuffer {
    get {
      precondition(index >= 0 && index < count, "AudioBufferList index \(index) out of range 0..<\(count)")
      return buffers[index]
    }
    nonmutating set {
      precondition(index >= 0 && index < count, "AudioBufferList index \(index) out of range 0..<\(count)")
      buffers[index] = newValue
    }
  }
}
