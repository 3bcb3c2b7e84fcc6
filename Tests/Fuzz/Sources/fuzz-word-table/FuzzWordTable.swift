import Foundation
import SimulatedDevice

/// libFuzzer entry: reads the input as a word-timing table (`NAME.words.tsv`).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWordTable(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  if let words = try? TimedWord.parseTable(text, source: "fuzz.words.tsv") {
    for word in words { precondition(word.end > word.start, "a word that ends before it starts was accepted") }
  }
  return 0
}

/// SwiftPM links an executable's entry point under the name `fuzz_word_table_main` (for test discovery); with
/// `-parse-as-library` there is none, so this one hands control to libFuzzer's driver.
@_cdecl("fuzz_word_table_main")
public func fuzz_word_tableMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var count = argc
  var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
  return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzWordTable(data!, size) }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
