import Foundation

/// A block of PCM audio that owns its sample storage, allocated once at initialisation (or, made
/// with ``init(format:frameCapacity:borrowing:release:)``, that uses memory its caller owns).
///
/// A planar (non-interleaved) buffer has one plane per channel, and ``floatChannelData`` (or the
/// accessor that matches the sample type) hands out one stable pointer per channel. An
/// interleaved buffer has one plane, and the same accessors hand out a single pointer.
/// ``frameCapacity`` is fixed; ``frameLength`` says how many frames hold valid audio.
///
/// ```swift
/// let buffer = PCMBuffer(format: try .standard(sampleRate: 16_000, channelCount: 1), frameCapacity: 1024)
/// buffer.floatChannelData![0][0] = 0.5
/// buffer.frameLength = 1
/// ```
///
/// > Warning: A `PCMBuffer` is not thread-safe; hand it to one thread at a time.
public final class PCMBuffer {
  /// The format of the samples.
  public let format: AudioFormat
  /// The number of frames the storage holds; fixed at initialisation.
  public let frameCapacity: Int
  /// The number of valid frames, from 0 through ``frameCapacity``.
  ///
  /// Setting a value above ``frameCapacity`` is a programming error and stops the program.
  public var frameLength: Int {
    didSet {
      precondition(
        (0...frameCapacity).contains(frameLength),
        "frameLength \(frameLength) is outside 0...\(frameCapacity) (the buffer's frameCapacity)")
    }
  }

  /// Sample storage: all planes, each `frameCapacity * samplesPerFramePerPlane` samples long; nil
  /// when the planes are borrowed.
  private let storage: UnsafeMutableRawPointer?
  /// Called once when a buffer over borrowed planes goes away.
  private let release: (() -> Void)?
  /// One pointer per plane, bound to a pointer to the format's sample type.
  private let planeTable: UnsafeMutableRawPointer

  /// Creates a buffer and allocates storage for `frameCapacity` frames.
  ///
  /// The samples start as zero and ``frameLength`` starts at 0.
  ///
  /// - Parameters:
  ///   - format: The format of the samples.
  ///   - frameCapacity: The number of frames to allocate; must not be negative.
  public init(format: AudioFormat, frameCapacity: Int) {
    precondition(frameCapacity >= 0, "frameCapacity \(frameCapacity) is negative")
    self.format = format
    self.frameCapacity = frameCapacity
    self.frameLength = 0
    let planeCount = format.isInterleaved ? 1 : format.channelCount
    let planeSamples = frameCapacity * (format.isInterleaved ? format.channelCount : 1)
    let totalSamples = max(1, planeSamples * planeCount)
    let byteCount = totalSamples * format.sampleType.byteCount
    let storage = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 16)
    // memset: the generic `initializeMemory` is a call per byte in an unoptimized build.
    memset(storage, 0, byteCount)
    self.storage = storage
    self.release = nil
    planeTable = UnsafeMutableRawPointer.allocate(
      byteCount: planeCount * MemoryLayout<UnsafeMutableRawPointer>.stride,
      alignment: MemoryLayout<UnsafeMutableRawPointer>.alignment)
    let planeBytes = planeSamples * format.sampleType.byteCount
    switch format.sampleType {
    case .int16: Self.fillTable(planeTable, storage, planeCount, planeBytes, totalSamples, as: Int16.self)
    case .int32: Self.fillTable(planeTable, storage, planeCount, planeBytes, totalSamples, as: Int32.self)
    case .float32: Self.fillTable(planeTable, storage, planeCount, planeBytes, totalSamples, as: Float.self)
    case .float64: Self.fillTable(planeTable, storage, planeCount, planeBytes, totalSamples, as: Double.self)
    }
  }

  /// Creates a buffer over planes the caller owns, without copying: reads and writes go to that
  /// memory, which must hold `frameCapacity` frames per plane and outlive the buffer; `release` runs
  /// once when the buffer goes away (to free it, say). ``frameLength`` starts at `frameCapacity`.
  ///
  /// - Parameters:
  ///   - format: The format of the samples.
  ///   - frameCapacity: Frames each plane holds; must not be negative.
  ///   - planes: One pointer per plane (``planeCount`` of them), aligned for the sample type.
  ///   - release: Called when the buffer is deinitialised.
  public init(
    format: AudioFormat, frameCapacity: Int, borrowing planes: [UnsafeMutableRawPointer], release: (() -> Void)? = nil
  ) {
    precondition(frameCapacity >= 0, "frameCapacity \(frameCapacity) is negative")
    let planeCount = format.isInterleaved ? 1 : format.channelCount
    precondition(planes.count == planeCount, "\(planes.count) planes given for a format with \(planeCount)")
    self.format = format
    self.frameCapacity = frameCapacity
    self.frameLength = frameCapacity
    self.storage = nil
    self.release = release
    planeTable = UnsafeMutableRawPointer.allocate(
      byteCount: planeCount * MemoryLayout<UnsafeMutableRawPointer>.stride,
      alignment: MemoryLayout<UnsafeMutableRawPointer>.alignment)
    let planeSamples = frameCapacity * (format.isInterleaved ? format.channelCount : 1)
    let typed = planeTable.bindMemory(to: UnsafeMutableRawPointer.self, capacity: planeCount)
    for (index, plane) in planes.enumerated() {
      switch format.sampleType {
      case .int16: _ = plane.bindMemory(to: Int16.self, capacity: planeSamples)
      case .int32: _ = plane.bindMemory(to: Int32.self, capacity: planeSamples)
      case .float32: _ = plane.bindMemory(to: Float.self, capacity: planeSamples)
      case .float64: _ = plane.bindMemory(to: Double.self, capacity: planeSamples)
      }
      (typed + index).initialize(to: plane)
    }
  }

  private static func fillTable<T>(
    _ table: UnsafeMutableRawPointer, _ storage: UnsafeMutableRawPointer, _ planeCount: Int, _ planeBytes: Int,
    _ totalSamples: Int, as type: T.Type
  ) {
    let samples = storage.bindMemory(to: T.self, capacity: totalSamples)
    let typedTable = table.bindMemory(to: UnsafeMutablePointer<T>.self, capacity: planeCount)
    for plane in 0..<planeCount {
      (typedTable + plane).initialize(to: samples + plane * (planeBytes / MemoryLayout<T>.stride))
    }
  }

  deinit {
    planeTable.deallocate()
    storage?.deallocate()
    release?()
  }

  /// The number of planes: the channel count for planar buffers, 1 for interleaved buffers.
  public var planeCount: Int { format.isInterleaved ? 1 : format.channelCount }

  /// The distance, in samples, between one frame and the next within a plane.
  public var stride: Int { format.isInterleaved ? format.channelCount : 1 }

  /// Per-plane pointers to Float32 samples, or `nil` when the format is not Float32.
  public var floatChannelData: UnsafePointer<UnsafeMutablePointer<Float>>? { table(for: .float32) }
  /// Per-plane pointers to Int16 samples, or `nil` when the format is not Int16.
  public var int16ChannelData: UnsafePointer<UnsafeMutablePointer<Int16>>? { table(for: .int16) }
  /// Per-plane pointers to Int32 samples, or `nil` when the format is not Int32.
  public var int32ChannelData: UnsafePointer<UnsafeMutablePointer<Int32>>? { table(for: .int32) }
  /// Per-plane pointers to Float64 samples, or `nil` when the format is not Float64.
  public var float64ChannelData: UnsafePointer<UnsafeMutablePointer<Double>>? { table(for: .float64) }

  private func table<T>(for type: AudioFormat.SampleType) -> UnsafePointer<UnsafeMutablePointer<T>>? {
    guard format.sampleType == type else { return nil }
    return UnsafePointer(planeTable.assumingMemoryBound(to: UnsafeMutablePointer<T>.self))
  }

  /// The start of one plane's samples, untyped.
  ///
  /// - Parameter plane: The plane index, 0 ..< ``planeCount``.
  /// - Returns: A pointer that stays valid for the life of the buffer.
  public func rawPlane(_ plane: Int) -> UnsafeMutableRawPointer {
    precondition((0..<planeCount).contains(plane), "plane \(plane) is outside 0..<\(planeCount)")
    return planeTable.load(
      fromByteOffset: plane * MemoryLayout<UnsafeMutableRawPointer>.stride, as: UnsafeMutableRawPointer.self)
  }

  /// Sets the first ``frameLength`` frames of every plane to silence (zero bytes are silence in
  /// every sample type). `memset`, since the generic `initializeMemory` is a call per byte in an
  /// unoptimized build.
  public func silence() {
    let bytes = frameLength * stride * format.sampleType.byteCount
    for plane in 0..<planeCount { memset(rawPlane(plane), 0, bytes) }
  }

  /// Reads one sample as a Float nominally in -1...1, whatever the sample type.
  ///
  /// This is the slow, convenient path; hot loops use the typed channel data.
  ///
  /// - Parameters:
  ///   - channel: The channel index, 0 ..< channel count.
  ///   - frame: The frame index, 0 ..< ``frameCapacity``.
  /// - Returns: The sample, scaled so that integer full scale is 1.
  public func sample(channel: Int, frame: Int) -> Float {
    let (plane, index) = location(channel: channel, frame: frame)
    let base = rawPlane(plane)
    switch format.sampleType {
    case .int16: return SampleScaling.float(base.assumingMemoryBound(to: Int16.self)[index])
    case .int32: return SampleScaling.float(base.assumingMemoryBound(to: Int32.self)[index])
    case .float32: return base.assumingMemoryBound(to: Float.self)[index]
    case .float64: return Float(base.assumingMemoryBound(to: Double.self)[index])
    }
  }

  /// Writes one sample given as a Float nominally in -1...1; integer types round and clip.
  ///
  /// - Parameters:
  ///   - value: The sample, where 1 is integer full scale.
  ///   - channel: The channel index, 0 ..< channel count.
  ///   - frame: The frame index, 0 ..< ``frameCapacity``.
  public func setSample(_ value: Float, channel: Int, frame: Int) {
    let (plane, index) = location(channel: channel, frame: frame)
    let base = rawPlane(plane)
    switch format.sampleType {
    case .int16: base.assumingMemoryBound(to: Int16.self)[index] = SampleScaling.int16(value)
    case .int32: base.assumingMemoryBound(to: Int32.self)[index] = SampleScaling.int32(Double(value))
    case .float32: base.assumingMemoryBound(to: Float.self)[index] = value
    case .float64: base.assumingMemoryBound(to: Double.self)[index] = Double(value)
    }
  }

  /// Copies one channel's valid frames out as Float samples nominally in -1...1.
  ///
  /// - Parameter channel: The channel index, 0 ..< channel count.
  /// - Returns: ``frameLength`` samples.
  public func floatSamples(channel: Int) -> [Float] {
    (0..<frameLength).map { sample(channel: channel, frame: $0) }
  }

  private func location(channel: Int, frame: Int) -> (plane: Int, index: Int) {
    precondition(
      (0..<format.channelCount).contains(channel), "channel \(channel) is outside 0..<\(format.channelCount)")
    precondition((0..<frameCapacity).contains(frame), "frame \(frame) is outside 0..<\(frameCapacity)")
    return format.isInterleaved ? (0, frame * format.channelCount + channel) : (channel, frame)
  }
}
