import Foundation
import SpeechReplay

/// libFuzzer entry: reads the input as a scenario file. Any input must give a scenario or a located
/// error; a crash, a trap or a hang is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScenario(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  do {
    let scenario = try Scenario.parse(yaml: text, file: "fuzz.yaml", relativeTo: "/nonexistent")
    _ = scenario.totals
    try scenario.checkLimits(.standard)
  } catch {
    // A located error is the expected answer to bad input.
    precondition(error.location.line >= 1 && !error.message.isEmpty, "an error without a place or a message: \(error)")
  }
  return 0
}

/// SwiftPM links an executable's entry point under the name `fuzz_scenario_main` (for test discovery); with
/// `-parse-as-library` there is none, so this one hands control to libFuzzer's driver.
@_cdecl("fuzz_scenario_main")
public func fuzz_scenarioMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
  var count = argc
  var arguments: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
  return LLVMFuzzerRunDriver(&count, &arguments) { data, size in fuzzScenario(data!, size) }
}

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
  _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt
