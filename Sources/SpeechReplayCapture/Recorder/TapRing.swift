import Foundation
import SpeechShim
import Synchronization

/// The single-producer, single-consumer ring between the audio thread and the recorder's writer:
/// PCM bytes in a preallocated byte ring and per-buffer metadata in a preallocated slot array.
///
/// The producer (the app's tap block) only copies bytes and stores atomics: no allocation, lock or
/// I/O. When either ring is full the buffer is dropped and counted; the count travels with the
/// next buffer that fits (``Slot/droppedBuffersBefore``), so the writer records the gap where it was.
final class TapRing: @unchecked Sendable {
  // @unchecked: `bytes` and `slots` are shared memory whose regions are handed over by the
  // release/acquire pairs on `published` (producer → consumer) and `consumed`/`bytesConsumed`
  // (consumer → producer). The producer-only counters are touched by the one producer thread.

  /// One tap buffer's metadata.
  struct Slot {
    var byteStart = 0
    var byteCount = 0
    var frames = 0
    var sampleTime: Int64 = 0
    var isSampleTimeValid = false
    var hostTime: UInt64 = 0
    var isHostTimeValid = false
    var sampleRate = 0.0
    var channelCount = 0
    var commonFormat: UInt = 0
    var isInterleaved = false
    /// Where the buffer starts on the capture timeline (nanoseconds of audio received before it).
    var captureNanoseconds: Int64 = 0
    var droppedBuffersBefore = 0
    var droppedFramesBefore = 0

    var format: CaptureFormat {
      CaptureFormat(
        sampleRate: sampleRate, channelCount: channelCount, commonFormat: commonFormat, isInterleaved: isInterleaved)
    }
  }

  let byteCapacity: Int
  let slotCapacity: Int
  private let bytes: UnsafeMutableRawPointer
  private let slots: UnsafeMutablePointer<Slot>

  /// Slots written so far (monotonic); stored by the producer with release.
  private let published = Atomic<Int>(0)
  /// Slots read so far (monotonic); stored by the consumer with release.
  private let consumed = Atomic<Int>(0)
  /// Bytes read so far (monotonic); stored by the consumer with release.
  private let bytesConsumed = Atomic<Int>(0)
  /// Nanoseconds of audio received (recorded or dropped); read by any thread to time events.
  let captureNanoseconds = Atomic<Int64>(0)
  /// Buffers and frames dropped in all.
  let droppedBuffers = Atomic<Int>(0)
  let droppedFrames = Atomic<Int>(0)

  // Producer-only state.
  private var byteHead = 0
  private var slotHead = 0
  private var pendingDroppedBuffers = 0
  private var pendingDroppedFrames = 0

  init(byteCapacity: Int, slotCapacity: Int) {
    self.byteCapacity = max(1, byteCapacity)
    self.slotCapacity = max(1, slotCapacity)
    bytes = UnsafeMutableRawPointer.allocate(byteCount: self.byteCapacity, alignment: 16)
    slots = UnsafeMutablePointer<Slot>.allocate(capacity: self.slotCapacity)
    slots.initialize(repeating: Slot(), count: self.slotCapacity)
  }

  deinit {
    bytes.deallocate()
    slots.deinitialize(count: slotCapacity)
    slots.deallocate()
  }

  // MARK: Producer (the audio thread)

  /// Whether `buffer` fits in the ring now (the producer's view; the writer only frees room).
  func hasRoom(for buffer: AVAudioPCMBuffer) -> Bool {
    let format = buffer.format
    let channels = Int(format.channelCount)
    let width = CaptureFormat.bytesPerSample(format.commonFormat.rawValue)
    let total = Int(buffer.frameLength) * channels * width
    return slotHead - consumed.load(ordering: .acquiring) < slotCapacity
      && byteHead + total - bytesConsumed.load(ordering: .acquiring) <= byteCapacity
  }

  /// Copies `buffer` into the ring, or counts it as dropped when the ring is full or its format
  /// cannot be stored (Float64 has no channel-data accessor). Never blocks.
  /// - Returns: Whether the buffer was stored.
  @discardableResult
  func push(_ buffer: AVAudioPCMBuffer, at time: AVAudioTime) -> Bool {
    let format = buffer.format
    let frames = Int(buffer.frameLength)
    let rate = format.sampleRate
    let channels = Int(format.channelCount)
    let common = format.commonFormat.rawValue
    let width = CaptureFormat.bytesPerSample(common)
    let interleaved = format.isInterleaved
    let planes = interleaved ? 1 : channels
    let planeBytes = frames * (interleaved ? channels : 1) * width
    let total = planeBytes * planes
    let start = captureNanoseconds.load(ordering: .relaxed)
    let duration = rate > 0 ? Int64((Double(frames) / rate * 1e9).rounded()) : 0
    captureNanoseconds.store(start &+ duration, ordering: .relaxed)

    let base = Self.planeBase(of: buffer, common: common)
    let hasRoomForSlot = slotHead - consumed.load(ordering: .acquiring) < slotCapacity
    let hasRoomForBytes = byteHead + total - bytesConsumed.load(ordering: .acquiring) <= byteCapacity
    guard let base, width > 0, hasRoomForSlot, hasRoomForBytes else {
      pendingDroppedBuffers += 1
      pendingDroppedFrames += frames
      droppedBuffers.add(1, ordering: .relaxed)
      droppedFrames.add(frames, ordering: .relaxed)
      return false
    }
    var offset = byteHead
    for plane in 0..<planes {
      copyIn(base[plane], count: planeBytes, at: offset)
      offset += planeBytes
    }
    slots[slotHead % slotCapacity] = Slot(
      byteStart: byteHead, byteCount: total, frames: frames, sampleTime: time.sampleTime,
      isSampleTimeValid: time.isSampleTimeValid,
      hostTime: time.hostTime, isHostTimeValid: time.isHostTimeValid, sampleRate: rate, channelCount: channels,
      commonFormat: common,
      isInterleaved: interleaved, captureNanoseconds: start, droppedBuffersBefore: pendingDroppedBuffers,
      droppedFramesBefore: pendingDroppedFrames)
    pendingDroppedBuffers = 0
    pendingDroppedFrames = 0
    byteHead += total
    slotHead += 1
    published.store(slotHead, ordering: .releasing)
    return true
  }

  /// The planes' start addresses, from the accessor that matches the sample type.
  private static func planeBase(of buffer: AVAudioPCMBuffer, common: UInt) -> UnsafePointer<UnsafeMutableRawPointer>? {
    switch common {
    case 1: buffer.floatChannelData.map { UnsafeRawPointer($0).assumingMemoryBound(to: UnsafeMutableRawPointer.self) }
    case 3: buffer.int16ChannelData.map { UnsafeRawPointer($0).assumingMemoryBound(to: UnsafeMutableRawPointer.self) }
    case 4: buffer.int32ChannelData.map { UnsafeRawPointer($0).assumingMemoryBound(to: UnsafeMutableRawPointer.self) }
    default: nil
    }
  }

  private func copyIn(_ source: UnsafeMutableRawPointer, count: Int, at position: Int) {
    let index = position % byteCapacity
    let first = min(count, byteCapacity - index)
    (bytes + index).copyMemory(from: source, byteCount: first)
    if first < count { bytes.copyMemory(from: source + first, byteCount: count - first) }
  }

  // MARK: Consumer (the writer)

  /// Hands every published buffer to `body` (its metadata and its bytes, copied out), in order,
  /// then frees their space for the producer.
  /// - Returns: How many buffers were drained.
  @discardableResult
  func drain(_ body: (Slot, Data) throws -> Void) rethrows -> Int {
    let end = published.load(ordering: .acquiring)
    var index = consumed.load(ordering: .relaxed)
    let first = index
    while index < end {
      let slot = slots[index % slotCapacity]
      let position = slot.byteStart % byteCapacity
      let head = min(slot.byteCount, byteCapacity - position)
      var data = Data(bytes: bytes + position, count: head)
      if head < slot.byteCount { data.append(bytes.assumingMemoryBound(to: UInt8.self), count: slot.byteCount - head) }
      try body(slot, data)
      index += 1
      bytesConsumed.store(slot.byteStart + slot.byteCount, ordering: .releasing)
      consumed.store(index, ordering: .releasing)
    }
    return index - first
  }
}
