import AVFAudioTwin
import Foundation
import SpeechReplayCapture
import Testing

/// The 27 tap's read-only buffers are recorded byte for byte as the old tap's buffers are.
@Suite struct ReadOnlyTapRecordingTests {
  @Test func aReadOnlyBufferIsRecordedAsItsMutableCopyWouldBe() throws {
    let mutableURL = try CaptureHarness.newCaptureURL()
    let readOnlyURL = try CaptureHarness.newCaptureURL()
    let mutable = try CaptureRecorder(url: mutableURL, header: CaptureHarness.header)
    let readOnly = try CaptureRecorder(url: readOnlyURL, header: CaptureHarness.header)
    for index in 0..<3 {
      let buffer = CaptureFileTests.buffer(frames: 480, first: index * 480)
      mutable.recordTap(buffer, at: CaptureFileTests.time(index * 480))
      readOnly.recordTap(AVReadOnlyAudioPCMBuffer(copying: buffer), at: CaptureFileTests.time(index * 480))
    }
    try mutable.finish()
    try readOnly.finish()
    let expected = try CaptureFile(url: mutableURL)
    let recorded = try CaptureFile(url: readOnlyURL)
    #expect(recorded.bufferCount == 3)
    #expect(
      zip(expected.buffers, recorded.buffers).allSatisfy {
        $0.data == $1.data && $0.frameCount == $1.frameCount && $0.format == $1.format
      })
  }
}
