import AudioPCM
import Foundation

/// The file each input is written to (libsndfile reads paths); one per process.
nonisolated(unsafe) private var inputPath: String = {
  let folder = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
  return (folder as NSString).appendingPathComponent("speech-replay-fuzz-audio-\(getpid())")
}()

/// libFuzzer entry: writes the input to a file and reads it as audio to the end, as scenarios do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAudioFile(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  guard FileManager.default.createFile(atPath: inputPath, contents: bytes) else { return 0 }
  defer { try? FileManager.default.removeItem(atPath: inputPath) }
  guard let file = try? AudioFile(forReading: inputPath) else { return 0 }
  _ = file.warnings
  // Read in slices, as the microphone does, but never more than a few seconds' worth.
  let buffer = PCMBuffer(format: file.processingFormat, frameCapacity: 4096)
  var read = 0
  while read < 200_000, let count = try? file.read(into: buffer), count > 0 { read += count }
  return 0
}

/// SwiftPM links an executable's entry point under the name `fuzz_audio_file_main` (for test discovery); with
/// `-parse-as-library` there is none, so this one hands control to libFuzzer's driver.
@_cdecl("fuzz_audio_file_main")
public func fuzz_audio_fileMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var count = argc
  var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
  return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzAudioFile(data!, size) }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
