import Foundation
import SpeechReplayCapture

/// The file each input is written to (SQLite reads paths); one per process.
nonisolated(unsafe) private var inputPath: String = {
  let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
  return (folder as NSString).appendingPathComponent("speech-replay-fuzz-capture-\(getpid()).speechcapture")
}()

/// libFuzzer entry: writes the input to a file, opens it read-only as a capture, and reads it as
/// `capture info` and `capture import` do: the summary, the damage, every buffer.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCapture(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  guard FileManager.default.createFile(atPath: inputPath, contents: bytes) else { return 0 }
  defer {
    // SQLite may leave its side files beside a read-only open.
    for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: inputPath + suffix) }
  }
  guard let capture = try? CaptureFile(url: URL(fileURLWithPath: inputPath)) else { return 0 }
  _ = capture.summary
  _ = capture.damage
  _ = (capture.results.count, capture.actions.count, capture.uiStates.count, capture.analyzerFormats.count)
  // Every buffer, but never more than a few thousand: a damaged count must not make one input slow.
  var read = 0
  for buffer in capture.buffers {
    _ = (buffer.data.count, buffer.format, buffer.audioTime)
    read += 1
    if read >= 4_096 { break }
  }
  return 0
}

/// SwiftPM links an executable's entry point under the name `fuzz_capture_main` (for test discovery); with
/// `-parse-as-library` there is none, so this one hands control to libFuzzer's driver.
@_cdecl("fuzz_capture_main")
public func fuzz_captureMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var count = argc
  var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
  return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzCapture(data!, size) }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
