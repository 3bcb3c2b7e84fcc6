#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Flags of the block-buffer functions.
public typealias CMBlockBufferFlags = UInt32
/// Allocate the memory now rather than on first use.
public var kCMBlockBufferAssureMemoryNowFlag: CMBlockBufferFlags { 1 << 0 }
/// Always copy data.
public var kCMBlockBufferAlwaysCopyDataFlag: CMBlockBufferFlags { 1 << 1 }
/// Success.
public var kCMBlockBufferNoErr: OSStatus { 0 }
/// An offset was outside the data (-12703).
public var kCMBlockBufferBadOffsetParameterErr: OSStatus { -12703 }
/// A length was zero or outside the data (-12704).
public var kCMBlockBufferBadLengthParameterErr: OSStatus { -12704 }
/// A required pointer was nil (-12705).
public var kCMBlockBufferBadPointerParameterErr: OSStatus { -12705 }

/// Custom allocation callbacks for a block buffer's memory (`CMBlockBufferCustomBlockSource`).
/// The twin accepts it and allocates with Swift.
public struct CMBlockBufferCustomBlockSource: @unchecked Sendable {
  /// The structure's version (0).
  public var version: UInt32
  /// Allocates the block.
  public var AllocateBlock: (@convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer?)?
  /// Frees the block.
  public var FreeBlock: (@convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer, Int) -> Void)?
  /// Passed to both callbacks.
  public var refCon: UnsafeMutableRawPointer?

  /// All zero.
  public init() { version = 0 }
}

/// A contiguous range of bytes — the twin of Core Media's `CMBlockBuffer`, holding one memory block.
///
/// A block created from the caller's memory frees it with `free` when the buffer goes away, unless
/// it was handed over with ``kCFAllocatorNull`` (Core Media's rule).
public final class CMBlockBuffer: @unchecked Sendable {
  // @unchecked: as Core Media's CF type; writers synchronise among themselves.
  let block: UnsafeMutableRawPointer
  let blockLength: Int
  let offset: Int
  /// Valid bytes from ``offset``.
  public let dataLength: Int
  private let freesBlock: Bool

  init(block: UnsafeMutableRawPointer, blockLength: Int, offset: Int, dataLength: Int, freesBlock: Bool) {
    self.block = block
    self.blockLength = blockLength
    self.offset = offset
    self.dataLength = dataLength
    self.freesBlock = freesBlock
  }

  deinit { if freesBlock { free(block) } }

  /// The first valid byte.
  var data: UnsafeMutableRawPointer { block + offset }
}

/// Creates a block buffer over `memoryBlock`, or over new zeroed memory when it is nil.
/// - Returns: `kCMBlockBufferNoErr`, or an error for lengths that do not fit.
@discardableResult
public func CMBlockBufferCreateWithMemoryBlock(
  allocator structureAllocator: CFAllocator?, memoryBlock: UnsafeMutableRawPointer?, blockLength: Int,
  blockAllocator: CFAllocator?,
  customBlockSource: UnsafePointer<CMBlockBufferCustomBlockSource>?, offsetToData: Int, dataLength: Int,
  flags: CMBlockBufferFlags,
  blockBufferOut: UnsafeMutablePointer<CMBlockBuffer?>
) -> OSStatus {
  guard blockLength > 0, dataLength > 0 else { return kCMBlockBufferBadLengthParameterErr }
  guard offsetToData >= 0, offsetToData + dataLength <= blockLength else { return kCMBlockBufferBadOffsetParameterErr }
  if let memoryBlock {
    blockBufferOut.pointee = CMBlockBuffer(
      block: memoryBlock, blockLength: blockLength, offset: offsetToData, dataLength: dataLength,
      freesBlock: blockAllocator !== kCFAllocatorNull)
  } else {
    guard let block = calloc(blockLength, 1) else { return -12701 }
    blockBufferOut.pointee = CMBlockBuffer(
      block: block, blockLength: blockLength, offset: offsetToData, dataLength: dataLength, freesBlock: true)
  }
  return kCMBlockBufferNoErr
}

/// The number of valid bytes.
public func CMBlockBufferGetDataLength(_ theBuffer: CMBlockBuffer) -> Int { theBuffer.dataLength }

/// Copies `dataLength` bytes from `offsetToData` into `destination`.
@discardableResult
public func CMBlockBufferCopyDataBytes(
  _ theSourceBuffer: CMBlockBuffer, atOffset offsetToData: Int, dataLength: Int, destination: UnsafeMutableRawPointer
) -> OSStatus {
  guard offsetToData >= 0, dataLength >= 0, offsetToData + dataLength <= theSourceBuffer.dataLength else {
    return kCMBlockBufferBadOffsetParameterErr
  }
  destination.copyMemory(from: theSourceBuffer.data + offsetToData, byteCount: dataLength)
  return kCMBlockBufferNoErr
}

/// Copies `dataLength` bytes from `sourceBytes` into the buffer at `offsetIntoDestination`.
@discardableResult
public func CMBlockBufferReplaceDataBytes(
  with sourceBytes: UnsafeRawPointer, blockBuffer destinationBuffer: CMBlockBuffer, offsetIntoDestination: Int,
  dataLength: Int
) -> OSStatus {
  guard offsetIntoDestination >= 0, dataLength >= 0, offsetIntoDestination + dataLength <= destinationBuffer.dataLength
  else { return kCMBlockBufferBadOffsetParameterErr }
  (destinationBuffer.data + offsetIntoDestination).copyMemory(from: sourceBytes, byteCount: dataLength)
  return kCMBlockBufferNoErr
}

/// Where the bytes at `offset` are: the pointer, how many are contiguous there, and the total.
@discardableResult
public func CMBlockBufferGetDataPointer(
  _ theBuffer: CMBlockBuffer, atOffset offset: Int, lengthAtOffsetOut: UnsafeMutablePointer<Int>?,
  totalLengthOut: UnsafeMutablePointer<Int>?,
  dataPointerOut: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> OSStatus {
  guard offset >= 0, offset < theBuffer.dataLength else { return kCMBlockBufferBadOffsetParameterErr }
  lengthAtOffsetOut?.pointee = theBuffer.dataLength - offset
  totalLengthOut?.pointee = theBuffer.dataLength
  dataPointerOut?.pointee = (theBuffer.data + offset).assumingMemoryBound(to: CChar.self)
  return kCMBlockBufferNoErr
}
