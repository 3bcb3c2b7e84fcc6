internal import CMallocInfo

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Operating-system details the simulation needs, kept in one place.
enum Platform {
  /// An identifier of the calling thread, never 0.
  @inline(__always)
  static var currentThreadID: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }

  /// Bytes of heap in use according to the C library (mallinfo2 on glibc), 0 where unknown.
  static var heapInUse: Int { Int(speech_replay_heap_in_use()) }

  /// Resident set size in bytes, read from `/proc/self/statm`; 0 where that file does not exist.
  static var residentBytes: Int {
    // Read with open/read rather than Foundation: it is 25 % cheaper (feasibility §6) and
    // allocation-free apart from the fixed buffer.
    let fd = open("/proc/self/statm", O_RDONLY)
    guard fd >= 0 else { return 0 }
    defer { close(fd) }
    var buffer = [UInt8](repeating: 0, count: 128)
    let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 127) }
    guard count > 0 else { return 0 }
    // Fields: size resident shared text lib data dt (in pages). The second is the RSS.
    let fields = buffer[0..<count].split(separator: UInt8(ascii: " "))
    guard fields.count >= 2, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }
}
