import Foundation
import ReferenceSubjects
import SpeechReplay
import SpeechReplayCapture
import SpeechReplayImport
import SpeechReplayTestSupport
import Testing

/// Captures on the 27 path: the reference stack written for the 27 SDK (`LiveTranscription-27`,
/// the 27 tap) records the same tap buffers as the 26 stack, and its capture imports and replays on
/// the 27 stack with the same UI timeline.
@Suite struct SDK27CaptureTests {
  @Test(arguments: ["hello-world", "stop-drains-converter", "two-commands"])
  func the27TapRecordsTheSameBuffersAndItsCaptureReplays(_ name: String) throws {
    let folder = try TemporaryFolder(prefix: "sdk27-capture")
    defer { folder.remove() }
    let path = TestFiles.root.appendingPathComponent("Scenarios/\(name).yaml").path
    let on26 = try CaptureRoundTripTests.recording(
      path, into: folder.url.appendingPathComponent("26"), runner: ScenarioRunner(subject: .reference))
    let runner27 = ScenarioRunner(subject: .reference27)
    let on27 = try CaptureRoundTripTests.recording(
      path, into: folder.url.appendingPathComponent("27"), runner: runner27)
    #expect(on27.run.result.status == .passed, "\(on27.run.result.failures)")
    let capture26 = try CaptureFile(url: try #require(on26.capture))
    let capture27 = try CaptureFile(url: try #require(on27.capture))
    #expect(capture27.bufferCount == capture26.bufferCount)
    #expect(capture27.bufferCount > 0)
    let firstDifference = zip(capture26.buffers, capture27.buffers).first { $0.data != $1.data }
    #expect(firstDifference == nil, "tap buffer \(firstDifference?.0.index ?? -1) differs between the paths")

    let output = try CaptureImporter(capture: capture27).write(into: folder.url.appendingPathComponent("imported"))
    let replay = try CaptureRoundTripTests.recording(
      output.scenario.path, into: folder.url.appendingPathComponent("replay"), runner: runner27)
    #expect(replay.run.result.status == .passed, "\(replay.run.result.failures.map(\.description))")
    #expect(
      CaptureRoundTripTests.uiTimeline(replay.run.timeline) == CaptureRoundTripTests.uiTimeline(on27.run.timeline))
  }
}
