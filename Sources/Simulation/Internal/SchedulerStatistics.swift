#if canImport(Glibc)
  internal import Glibc

  /// The kernel's scheduler statistics of the calling thread (`/proc/thread-self/schedstat`:
  /// nanoseconds on a CPU, nanoseconds runnable but waiting for one, time slices).
  ///
  /// Each thread keeps its file open (a thread-specific descriptor), so a reading is one `pread`.
  enum SchedulerStatistics {
    /// The key under which each thread keeps its descriptor, plus one (0: not opened yet).
    private static let descriptorKey: pthread_key_t? = {
      var key = pthread_key_t()
      let made = pthread_key_create(&key) { value in
        if let value { close(Int32(Int(bitPattern: value) - 1)) }
      }
      return made == 0 ? key : nil
    }()

    /// The calling thread's total run-queue delay so far; nil where the kernel keeps no statistics.
    static func runQueueDelay() -> Duration? {
      guard let descriptorKey else { return nil }
      var descriptor = Int32(Int(bitPattern: pthread_getspecific(descriptorKey)) - 1)
      if descriptor < 0 {
        descriptor = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        pthread_setspecific(descriptorKey, UnsafeRawPointer(bitPattern: Int(descriptor) + 1))
      }
      var bytes = (0..<64).map { _ in UInt8(0) }
      let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { return nil }
      let fields = bytes.prefix(count).split(separator: UInt8(ascii: " "))
      guard fields.count >= 2, let waited = Int64(String(decoding: fields[1], as: UTF8.self)) else { return nil }
      return .nanoseconds(waited)
    }
  }
#endif
