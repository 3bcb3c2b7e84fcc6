import CoreMediaTwin
import SimulatedDevice
import Testing

/// `millisecondsText` and its reader, which the typed trace views use for every time field.
@Suite struct CMTimeMillisecondsTextTests {
  @Test(arguments: [0, 1, 999, 1_000, 1_600, 605_123, -250, -1_001])
  func textReadsBackToTheSameMilliseconds(millis: Int64) throws {
    let time = CMTime(value: millis, timescale: 1000)
    let read = try #require(CMTime(millisecondsText: time.millisecondsText), "\(time.millisecondsText)")
    #expect(read.value == millis && read.timescale == 1000)
  }

  @Test func questionMarkIsInvalid() {
    #expect(CMTime(millisecondsText: "?")?.isValid == false)
    #expect(CMTime.invalid.millisecondsText == "?")
  }

  @Test(arguments: [
    "", "-", "1", "1.6", "1.6000", ".600", "1..600", "1.600.", "a.600", "1.60a", "+1.000", "--1.000", "1 .600", "１.600",
    "9999999999999999.000",
  ])
  func anythingElseIsRejected(text: String) {
    #expect(CMTime(millisecondsText: text) == nil, "\(text)")
  }
}
