/// Raw, 16-byte-aligned working memory that grows on demand and never shrinks, so a caller that
/// keeps asking for the same size allocates nothing after the first time.
///
/// Hand-written rather than an `Array` because the hot paths need a stable pointer without
/// `withUnsafe…` closures, and must not copy on growth-free calls.
final class ScratchStorage {
  private(set) var pointer: UnsafeMutableRawPointer
  private(set) var byteCount: Int

  init(byteCount: Int = 0) {
    self.byteCount = max(byteCount, 16)
    pointer = UnsafeMutableRawPointer.allocate(byteCount: self.byteCount, alignment: 16)
  }

  deinit { pointer.deallocate() }

  /// Makes room for `count` values of `T` and returns the memory bound to `T`.
  /// Contents are not preserved across growth unless `preserving` is set.
  @inline(__always)
  func reserve<T>(_ count: Int, of type: T.Type, preservingBytes: Int = 0) -> UnsafeMutablePointer<T> {
    let needed = count * MemoryLayout<T>.stride
    if needed > byteCount { grow(to: needed, preservingBytes: preservingBytes) }
    return pointer.bindMemory(to: T.self, capacity: max(count, 1))
  }

  private func grow(to needed: Int, preservingBytes: Int) {
    let newCount = max(needed, byteCount * 2)
    let newPointer = UnsafeMutableRawPointer.allocate(byteCount: newCount, alignment: 16)
    if preservingBytes > 0 { newPointer.copyMemory(from: pointer, byteCount: min(preservingBytes, byteCount)) }
    pointer.deallocate()
    pointer = newPointer
    byteCount = newCount
  }
}
