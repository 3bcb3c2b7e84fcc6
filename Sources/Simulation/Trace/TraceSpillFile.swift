#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The temporary file a spilled trace lives in: created in a folder and unlinked at once, so it
/// disappears when the last reader lets go of it (or the process ends) and is never left behind.
final class TraceSpillFile: @unchecked Sendable {  // a descriptor; pread/pwrite need no lock
  private let descriptor: Int32
  /// Bytes written so far; only the writer (under the trace's lock) appends.
  private(set) var size = 0

  /// Creates and unlinks a file in `directory`.
  /// - Throws: ``TraceSpillError`` naming the folder and the system's reason.
  init(directory: String) throws(TraceSpillError) {
    var template = Array((directory.hasSuffix("/") ? directory : directory + "/").utf8CString.dropLast())
    template += Array("speech-replay-trace-XXXXXX".utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else { throw TraceSpillError(directory: directory, reason: Self.reason(errno)) }
    let path = String(cString: template)
    unlink(path)
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Appends `bytes` and returns the offset they start at.
  /// - Throws: ``TraceSpillError`` when the system refuses (a full disk).
  func append(_ bytes: [UInt8], directory: String) throws(TraceSpillError) -> Int {
    let offset = size
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        pwrite(descriptor, buffer.baseAddress! + written, buffer.count - written, off_t(offset + written))
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw TraceSpillError(directory: directory, reason: Self.reason(errno))
      }
      written += result
    }
    size += bytes.count
    return offset
  }

  /// The `length` bytes at `offset`. A file this process wrote and still holds cannot fail to read
  /// back short of a failing disk, which traps with the system's reason.
  func read(offset: Int, length: Int) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: length) { buffer, count in
      var done = 0
      while done < length {
        let result = pread(descriptor, buffer.baseAddress! + done, length - done, off_t(offset + done))
        if result < 0 && errno == EINTR { continue }
        guard result > 0 else { fatalError("reading the spilled trace back failed: \(Self.reason(errno))") }
        done += result
      }
      count = length
    }
  }

  private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
