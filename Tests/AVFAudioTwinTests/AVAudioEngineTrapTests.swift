#if !SPEECH_REPLAY_APPLE_FRAMEWORKS
// Apple's uncatchable exceptions end the process; the twin's do too, so these run the
// twin-trap-probe executable and look at how it ended.
import Foundation
import Testing

@Suite struct AVAudioEngineTrapTests {
  struct ProbeNotBuilt: Error, CustomStringConvertible {
    var description: String { "twin-trap-probe was not found beside the test bundle; build it with `swift build --build-tests` first" }
  }

  static func probe(_ scenario: String) throws -> (status: Int32, stderr: String) {
    var directory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    var executable: URL?
    for _ in 0..<4 where executable == nil {
      let candidate = directory.appendingPathComponent("twin-trap-probe")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { executable = candidate }
      directory = directory.deletingLastPathComponent()
    }
    guard let executable else { throw ProbeNotBuilt() }
    let process = Process()
    process.executableURL = executable
    process.arguments = [scenario]
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_BACKTRACE"] = "enable=no"
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
  }

  @Test func aSecondTapOnTheSameBusEndsTheProcessWithApplesText() throws {
    let result = try Self.probe("second-tap")
    #expect(result.status != 0)
    #expect(result.stderr.contains("required condition is false: nullptr == Tap()"))
  }

  @Test func aTapFormatAtAnotherRateEndsTheProcessWithApplesText() throws {
    let result = try Self.probe("format-mismatch")
    #expect(result.status != 0)
    #expect(result.stderr.contains("required condition is false: format.sampleRate == hwFormat.sampleRate"))
  }

  @Test func restartingWithAStaleTapFormatAfterARouteChangeEndsTheProcess() throws {
    let result = try Self.probe("stale-tap-after-route-change")
    #expect(result.status != 0)
    #expect(result.stderr.contains("format.sampleRate == hwFormat.sampleRate"))
  }

  @Test func playingAPlayerWhileTheEngineIsStoppedEndsTheProcessWithApplesText() throws {
    let result = try Self.probe("player-without-running-engine")
    #expect(result.status != 0)
    #expect(result.stderr.contains("player started when engine not running"))
  }

  @Test func anUnknownScenarioIsAClearUsageError() throws {
    let result = try Self.probe("nonsense")
    #expect(result.status == 2)
    #expect(result.stderr.contains("give one of second-tap"))
  }
}
#endif
