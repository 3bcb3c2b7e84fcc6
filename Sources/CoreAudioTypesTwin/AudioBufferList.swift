/// A variable-length list of ``AudioBuffer``s — Core Audio's `AudioBufferList`.
///
/// As in C, the struct declares one buffer; lists of more are allocated with room for them
/// (``allocate(maximumBuffers:)``) and walked with ``UnsafeMutableAudioBufferListPointer``.
public struct AudioBufferList: @unchecked Sendable {
  // @unchecked: as Apple's import; the buffers point at memory their owner guards.
  /// Buffers in the list.
  public var mNumberBuffers: UInt32
  /// The first buffer; the others follow it in memory.
  public var mBuffers: AudioBuffer

  /// An empty list.
  public init() { self.init(mNumberBuffers: 0, mBuffers: AudioBuffer()) }

  /// A list of one buffer (or the header of a longer one).
  public init(mNumberBuffers: UInt32, mBuffers: AudioBuffer) {
    self.mNumberBuffers = mNumberBuffers
    self.mBuffers = mBuffers
  }

  /// Bytes a list of `maximumBuffers` buffers needs.
  /// - Parameter maximumBuffers: The buffer count (at least 1).
  /// - Returns: The size in bytes.
  public static func sizeInBytes(maximumBuffers: Int) -> Int {
    precondition(maximumBuffers >= 1, "AudioBufferList needs room for at least one buffer")
    return bufferOffset + maximumBuffers * MemoryLayout<AudioBuffer>.stride
  }

  /// Allocates a zeroed list with room for `maximumBuffers` buffers and its count set to that;
  /// free it with `free(_:)` on the pointer's `unsafeMutablePointer` (Apple allocates with `malloc`),
  /// or `deallocate()`.
  /// - Parameter maximumBuffers: The buffer count (at least 1).
  /// - Returns: A pointer to the list.
  public static func allocate(maximumBuffers: Int) -> UnsafeMutableAudioBufferListPointer {
    let bytes = sizeInBytes(maximumBuffers: maximumBuffers)
    let raw = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: MemoryLayout<AudioBufferList>.alignment)
    raw.initializeMemory(as: UInt8.self, repeating: 0, count: bytes)
    let list = raw.bindMemory(to: AudioBufferList.self, capacity: 1)
    list.pointee.mNumberBuffers = UInt32(maximumBuffers)
    return UnsafeMutableAudioBufferListPointer(list)
  }

  /// Where the first buffer starts inside the list.
  static var bufferOffset: Int { MemoryLayout<AudioBufferList>.offset(of: \.mBuffers) ?? MemoryLayout<UInt64>.stride }
}
