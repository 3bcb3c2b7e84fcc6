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
      // Parsed in place (no array, no string): this runs at the start of main-actor jobs.
      return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { bytes -> Duration? in
        let count = pread(descriptor, bytes.baseAddress, bytes.count, 0)
        guard count > 0 else { return nil }
        return secondField(UnsafeBufferPointer(rebasing: bytes[..<count])).map { .nanoseconds($0) }
      }
    }

    /// The second space-separated decimal number of `text` (the run-queue delay), nil if absent.
    static func secondField(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
      var index = 0
      while index < text.count, text[index] != UInt8(ascii: " ") { index += 1 }
      index += 1
      var value: Int64 = 0
      var digits = 0
      while index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9"), digits < 18 {
        value = value * 10 + Int64(text[index] - UInt8(ascii: "0"))
        digits += 1
        index += 1
      }
      let ended = index >= text.count || text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\n")
      return digits > 0 && ended ? value : nil
    }
  }
#endif
